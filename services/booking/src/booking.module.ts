import { fileURLToPath } from 'node:url';
import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceRuntimeModule, type Env } from '@limo/service-runtime';
import { PrismaClient } from './generated/prisma/client.js';
import { AddressesModule } from './addresses/addresses.module.js';
import { BenefitsModule } from './benefits/benefits.module.js';
import { BookingConfig } from './booking.config.js';
import { BookingsModule } from './bookings/bookings.module.js';
import { CompaniesModule } from './companies/companies.module.js';
import { DemoBookingsModule } from './demo/demo-bookings.module.js';
import { DispatchModule } from './dispatch/dispatch.module.js';
import { FlightsModule } from './flights/flights.module.js';
import { IdempotencyModule } from './idempotency/idempotency.module.js';
import { SelfServiceModule } from './self-service/self-service.module.js';

export const BOOKING_MIGRATIONS = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** The booking service: bookings (priced here, never by the browser), their events, address suggestions. */
@Module({})
export class BookingModule {
  static forRoot(env: Env): DynamicModule {
    const config = BookingConfig.parse(env);
    return {
      module: BookingModule,
      imports: [
        ServiceRuntimeModule.forRoot({ service: 'booking', config, database: PrismaClient, migrationsDir: BOOKING_MIGRATIONS }),
        BookingsModule,
        DispatchModule,
        FlightsModule,
        AddressesModule,
        IdempotencyModule,
        SelfServiceModule,
        CompaniesModule,
        BenefitsModule,
        ...(config.SEED_DEMO_BOOKINGS ? [DemoBookingsModule] : []),
      ],
    };
  }
}
