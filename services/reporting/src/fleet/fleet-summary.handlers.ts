import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { reportingRpc, type FleetSummary } from '@limo/contracts';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { ReportingDb } from '../reporting.db.js';
import { fleetSummary } from './fleet-projection.js';

@Controller()
export class FleetSummaryHandlers {
  constructor(@Inject(RUNTIME) private readonly runtime: ServiceRuntime<ReportingDb>) {}

  @MessagePattern(reportingRpc.fleetSummary.subject)
  summary(): Promise<FleetSummary> {
    return fleetSummary(this.runtime.db);
  }
}
