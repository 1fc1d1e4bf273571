import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { RatesModule } from '../rates/rates.module.js';
import { CancelByCustomer } from './cancel-by-customer/cancel-by-customer.use-case.js';
import { ChangeByCustomer } from './change-by-customer/change-by-customer.use-case.js';
import { CustomerBookings } from './customer-bookings.js';
import { SelfServiceHandlers } from './self-service.handlers.js';
import { TravelEstimates } from './travel-estimates.js';

/** The customer's own view of a booking, online cancellation, a signed-in customer's change and the tracking page's ETA (the gateway throttles the lookups). */
@Module({
  imports: [BookingsModule, RatesModule],
  controllers: [SelfServiceHandlers],
  providers: [CustomerBookings, CancelByCustomer, ChangeByCustomer, TravelEstimates],
})
export class SelfServiceModule {}
