import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { inJobContext, schedulePeriodic, type JobTrace } from '@limo/service-runtime';
import { ForgetExpired } from './forget-expired.use-case.js';

export const HOUSEKEEPING_QUEUE = 'customers-housekeeping';
const FORGET_EXPIRED = 'forget-expired';
const HOUR_MS = 3_600_000;

/** Forgets expired codes and sessions once an hour for the whole cluster. */
@Injectable()
export class HousekeepingSchedule implements OnApplicationBootstrap {
  private readonly log = new Logger('HousekeepingSchedule');

  constructor(@InjectQueue(HOUSEKEEPING_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await schedulePeriodic(this.queue, FORGET_EXPIRED, HOUR_MS, (error) => this.log.warn(`could not restore the schedule after Redis reconnected: ${error.message}`));
  }
}

@Processor(HOUSEKEEPING_QUEUE)
export class HousekeepingWorker extends WorkerHost {
  constructor(private readonly forgetExpired: ForgetExpired) {
    super();
  }

  async process(job: Job<JobTrace>): Promise<unknown> {
    return inJobContext(job, async () => {
      if (job.name === FORGET_EXPIRED) return this.forgetExpired.execute();
      throw new Error(`Unknown housekeeping job ${job.name}`);
    });
  }
}
