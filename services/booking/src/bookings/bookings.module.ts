import { Module } from '@nestjs/common';
import { HoldClock } from '../benefits/hold-age.js';
import { randomReference, REFERENCE_GENERATOR } from './booking-reference.js';
import { BookingsHandlers } from './bookings.handlers.js';
import { BookingsRepository } from './bookings.repository.js';
import { CreateBooking } from './create-booking/create-booking.use-case.js';
import { CreateTrip } from './create-trip/create-trip.use-case.js';
import { NewBookingWriter } from './create-booking/new-booking-writer.js';
import { UpdateBooking } from './update-booking/update-booking.use-case.js';
import { ReturnLegAlone } from './round-trip/return-leg-alone.js';
import { FleetModule } from '../fleet/fleet.module.js';
import { RatesModule } from '../rates/rates.module.js';
import { RidesModule } from '../rides/rides.module.js';

@Module({
  imports: [FleetModule, RatesModule, RidesModule],
  controllers: [BookingsHandlers],
  providers: [
    // A holder, not the function itself, so a test can swap the generator at run time.
    { provide: REFERENCE_GENERATOR, useValue: { next: randomReference } },
    HoldClock,
    BookingsRepository,
    CreateBooking,
    CreateTrip,
    NewBookingWriter,
    UpdateBooking,
    ReturnLegAlone,
  ],
  exports: [FleetModule, RatesModule, BookingsRepository, CreateBooking, UpdateBooking, ReturnLegAlone],
})
export class BookingsModule {}
