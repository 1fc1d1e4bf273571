import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { inJobContext, schedulePeriodic } from '@limo/service-runtime';
import { IdempotencyCleanup } from './idempotency-cleanup.js';

export const MAINTENANCE_QUEUE = 'booking-maintenance';
const PURGE_IDEMPOTENCY_KEYS = 'purge-idempotency-keys';
const HOURLY = 3600_000;

/** Schedules the hourly purge once for the cluster (every replica asks; BullMQ keeps one schedule). */
@Injectable()
export class MaintenanceSchedule implements OnApplicationBootstrap {
  private readonly log = new Logger('MaintenanceSchedule');

  constructor(@InjectQueue(MAINTENANCE_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await schedulePeriodic(this.queue, PURGE_IDEMPOTENCY_KEYS, HOURLY, (error) =>
      this.log.warn(`could not restore the schedule after Redis reconnected: ${error.message}`),
    );
  }
}

/** Runs the booking service's periodic jobs; each run is taken by one replica. */
@Processor(MAINTENANCE_QUEUE)
export class MaintenanceWorker extends WorkerHost {
  constructor(private readonly cleanup: IdempotencyCleanup) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    return inJobContext(job, async () => {
      if (job.name === PURGE_IDEMPOTENCY_KEYS) return { purged: await this.cleanup.run() };
      throw new Error(`Unknown maintenance job ${job.name}`);
    });
  }
}
