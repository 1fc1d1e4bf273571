import { Controller } from '@nestjs/common';
import { reportingRpc } from '@limo/contracts';
import { OnRpc } from '@limo/messaging';
import { PrismaClient } from '../generated/prisma/client.js';
import { fleetSummary } from './fleet-projection.js';

@Controller()
export class FleetSummaryHandlers {
  constructor(private readonly db: PrismaClient) {}

  @OnRpc(reportingRpc.fleetSummary)
  summary() {
    return fleetSummary(this.db);
  }
}
