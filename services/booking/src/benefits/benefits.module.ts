import { Module } from '@nestjs/common';
import { ReservationHoldersHandlers } from './reservation-holders.handlers.js';
import { ReservationHolders } from './reservation-holders.js';

/** What the customers service asks of the holds bookings name (their reservations are made in rates/ and bookings/). */
@Module({
  controllers: [ReservationHoldersHandlers],
  providers: [ReservationHolders],
})
export class BenefitsModule {}
