import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { IdempotencyCleanup } from './idempotency-cleanup.js';
import { MAINTENANCE_QUEUE, MaintenanceSchedule, MaintenanceWorker } from './maintenance.jobs.js';

@Module({
  imports: [BullModule.registerQueue({ name: MAINTENANCE_QUEUE })],
  providers: [IdempotencyCleanup, MaintenanceSchedule, MaintenanceWorker],
})
export class IdempotencyModule {}
