import { fileURLToPath } from 'node:url';
import { startService, type ServiceConfig, type StartServiceOptions } from '@limo/service-runtime';
import { createDriversDb, type DriversDb } from './drivers.db.js';
import { DriversModule } from './drivers.module.js';

export const DRIVERS_MIGRATIONS = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export function startDriversService(config: ServiceConfig, logger?: StartServiceOptions<DriversDb>['logger']) {
  return startService({
    service: 'drivers',
    config,
    migrationsDir: DRIVERS_MIGRATIONS,
    createDb: createDriversDb,
    module: (runtime) => DriversModule.register(runtime),
    logger,
  });
}
