import { fileURLToPath } from 'node:url';
import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig, ServiceRuntimeModule, type Env } from '@limo/service-runtime';
import { PrismaClient } from './generated/prisma/client.js';
import { AdminHandlers } from './admin/admin.handlers.js';
import { BookingEventsHandlers } from './bookings/booking-events.handlers.js';
import { DriverEventsHandlers } from './drivers/driver-events.handlers.js';
import { FleetEventsHandlers } from './fleet/fleet-events.handlers.js';
import { FleetSummaryHandlers } from './fleet/fleet-summary.handlers.js';

export const REPORTING_MIGRATIONS = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * The reporting service: projections of booking, driver and fleet events (durable consumers) and
 * the admin back office's figures read from them.
 */
@Module({})
export class ReportingModule {
  static forRoot(env: Env): DynamicModule {
    const config = ServiceConfig.parse(env);
    return {
      module: ReportingModule,
      imports: [ServiceRuntimeModule.forRoot({ service: 'reporting', config, database: PrismaClient, migrationsDir: REPORTING_MIGRATIONS })],
      controllers: [BookingEventsHandlers, DriverEventsHandlers, FleetEventsHandlers, FleetSummaryHandlers, AdminHandlers],
    };
  }
}
