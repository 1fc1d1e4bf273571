import { type DynamicModule, Module } from '@nestjs/common';
import { healthController, RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import { EventConsumers } from './event-consumers.js';
import { FleetSummaryHandlers } from './fleet/fleet-summary.handlers.js';
import { AdminHandlers } from './admin/admin.handlers.js';
import type { ReportingDb } from './reporting.db.js';

@Module({})
export class ReportingModule {
  static register(runtime: ServiceRuntime<ReportingDb>): DynamicModule {
    return {
      module: ReportingModule,
      controllers: [FleetSummaryHandlers, AdminHandlers, healthController('reporting')],
      providers: [{ provide: RUNTIME, useValue: runtime }, EventConsumers],
    };
  }
}
