import { Module } from '@nestjs/common';
import { randomReference, REFERENCE_GENERATOR } from './booking-reference.js';
import { BookingsHandlers } from './bookings.handlers.js';
import { BookingsRepository } from './bookings.repository.js';
import { CreateBooking } from './create-booking/create-booking.use-case.js';
import { NewBookingWriter } from './create-booking/new-booking-writer.js';
import { UpdateBooking } from './update-booking/update-booking.use-case.js';
import { VehicleNames } from './vehicle-names.js';
import { FleetVehicles } from './ride-pricing/fleet-vehicles.js';
import { DispatchRepository, DispatchSettings } from '../dispatch/dispatch-support.js';

@Module({
  controllers: [BookingsHandlers],
  providers: [
    // A holder, not the function itself, so a test can swap the generator at run time.
    { provide: REFERENCE_GENERATOR, useValue: { next: randomReference } },
    BookingsRepository,
    CreateBooking,
    NewBookingWriter,
    UpdateBooking,
    VehicleNames,
    FleetVehicles,
    // Shared with the dispatch module: an admin's edit can release a ride's driver.
    DispatchRepository,
    DispatchSettings,
  ],
  exports: [BookingsRepository, CreateBooking, UpdateBooking, VehicleNames, FleetVehicles, DispatchRepository, DispatchSettings],
})
export class BookingsModule {}
