import { type DynamicModule, Module } from '@nestjs/common';
import { healthController, RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { BookingDb } from './booking.db.js';
import { AddressesHandlers } from './addresses/addresses.handlers.js';
import { AddressSuggestions } from './addresses/address-suggestions.js';
import { randomReference, REFERENCE_GENERATOR } from './bookings/booking-reference.js';
import { BookingsHandlers } from './bookings/bookings.handlers.js';
import { BookingsRepository } from './bookings/bookings.repository.js';
import { DemoBookingsSeeder } from './bookings/demo-bookings.seeder.js';
import { VehicleNames } from './bookings/vehicle-names.js';
import { IdempotencyCleanup } from './idempotency/idempotency-cleanup.js';

@Module({})
export class BookingModule {
  static register(runtime: ServiceRuntime<BookingDb>): DynamicModule {
    return {
      module: BookingModule,
      controllers: [BookingsHandlers, AddressesHandlers, healthController('booking')],
      providers: [
        { provide: RUNTIME, useValue: runtime },
        // A holder, not the function itself, so a test can swap the generator at run time.
        { provide: REFERENCE_GENERATOR, useValue: { next: randomReference } },
        BookingsRepository,
        VehicleNames,
        AddressSuggestions,
        IdempotencyCleanup,
        DemoBookingsSeeder,
      ],
    };
  }
}
