import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { CancelByCustomer } from './cancel-by-customer/cancel-by-customer.use-case.js';
import { CustomerBookings } from './customer-bookings.js';
import { SelfServiceHandlers } from './self-service.handlers.js';

/** The customer's own view of a booking and online cancellation (the gateway throttles the lookups). */
@Module({
  imports: [BookingsModule],
  controllers: [SelfServiceHandlers],
  providers: [CustomerBookings, CancelByCustomer],
})
export class SelfServiceModule {}
