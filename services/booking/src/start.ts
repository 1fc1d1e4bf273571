import { fileURLToPath } from 'node:url';
import { startService, type ServiceConfig, type StartServiceOptions } from '@limo/service-runtime';
import { createBookingDb, type BookingDb } from './booking.db.js';
import { BookingModule } from './booking.module.js';

export const BOOKING_MIGRATIONS = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export function startBookingService(config: ServiceConfig, logger?: StartServiceOptions<BookingDb>['logger']) {
  return startService({
    service: 'booking',
    config,
    migrationsDir: BOOKING_MIGRATIONS,
    createDb: createBookingDb,
    module: (runtime) => BookingModule.register(runtime),
    logger,
  });
}
