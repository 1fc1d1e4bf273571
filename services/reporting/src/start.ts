import { fileURLToPath } from 'node:url';
import { startService, type ServiceConfig, type StartServiceOptions } from '@limo/service-runtime';
import { createReportingDb, type ReportingDb } from './reporting.db.js';
import { ReportingModule } from './reporting.module.js';

/** For the benchmark's loader: recompute the aggregates from booking_facts. */
export { recomputeBookingAggregates } from './projections/recompute-aggregates.js';

export const REPORTING_MIGRATIONS = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export function startReportingService(config: ServiceConfig, logger?: StartServiceOptions<ReportingDb>['logger']) {
  return startService({
    service: 'reporting',
    config,
    migrationsDir: REPORTING_MIGRATIONS,
    createDb: createReportingDb,
    module: (runtime) => ReportingModule.register(runtime),
    logger,
  });
}
