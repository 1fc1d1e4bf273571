import { Module } from '@nestjs/common';
import { StoredBookings } from './stored-bookings.js';

/** What housekeeping asks the booking service of the holds its events have not bound (benefits and company transfers alike). */
@Module({ providers: [StoredBookings], exports: [StoredBookings] })
export class StoredBookingsModule {}
