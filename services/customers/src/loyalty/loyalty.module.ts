import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { CreditsModule } from '../credits/credits.module.js';
import { BookingEventsHandlers } from './booking-events.handlers.js';
import { CountAirportRides } from './count-airport-rides.use-case.js';
import { LoyaltyHandlers } from './loyalty.handlers.js';
import { LoyaltyQueries } from './loyalty.queries.js';
import { LoyaltyRepository } from './loyalty.repository.js';

/** Next One's on Us: completed airport rides counted from the booking events, and the rewards they earn. */
@Module({
  imports: [CreditsModule, CompaniesModule],
  controllers: [BookingEventsHandlers, LoyaltyHandlers],
  providers: [LoyaltyRepository, CountAirportRides, LoyaltyQueries],
})
export class LoyaltyModule {}
