import { fileURLToPath } from 'node:url';
import { startService, type ServiceConfig, type StartServiceOptions } from '@limo/service-runtime';
import { createFleetDb, type FleetDb } from './fleet.db.js';
import { FleetModule } from './fleet.module.js';

export const FLEET_MIGRATIONS = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export function startFleetService(config: ServiceConfig, logger?: StartServiceOptions<FleetDb>['logger']) {
  return startService({
    service: 'fleet',
    config,
    migrationsDir: FLEET_MIGRATIONS,
    createDb: createFleetDb,
    module: (runtime) => FleetModule.register(runtime),
    logger,
  });
}
