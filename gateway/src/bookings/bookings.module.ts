import { Module } from '@nestjs/common';
import { AdminBookingsController, BookingsController } from './bookings.controller.js';

/** Booking a ride, and the admin's bookings list and edits. */
@Module({
  controllers: [BookingsController, AdminBookingsController],
})
export class BookingsModule {}
