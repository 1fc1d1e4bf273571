import { Module } from '@nestjs/common';
import { PriceGuideCache } from './price-guide.cache.js';
import { AdminRatesController, PriceGuideController, QuotesController, TripsController } from './rates.controllers.js';

/** Quotes, round trips, the price guide and the admin's rate table (the booking service owns them). */
@Module({
  controllers: [QuotesController, TripsController, PriceGuideController, AdminRatesController],
  providers: [PriceGuideCache],
})
export class RatesModule {}
