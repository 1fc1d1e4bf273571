import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { inJobContext, schedulePeriodic, type JobTrace } from '@limo/service-runtime';
import { BenefitReservations } from '../benefits/benefit-reservations.use-case.js';
import { CompanyTransfers } from '../companies/company-transfers.use-case.js';
import { WriteOffExpired } from '../credits/write-off-expired.use-case.js';
import { ForgetExpired } from './forget-expired.use-case.js';

export const HOUSEKEEPING_QUEUE = 'customers-housekeeping';
const FORGET_EXPIRED = 'forget-expired';
const TIDY_BENEFITS = 'tidy-benefits';
const HOUR_MS = 3_600_000;
/** Often enough that a reservation (benefits or a company's transfer) whose booking was never stored comes back soon after its 15 minutes. */
const TIDY_BENEFITS_MS = 5 * 60_000;

/** Forgets expired codes and sessions once an hour, and tidies the benefits every 5 minutes, for the whole cluster. */
@Injectable()
export class HousekeepingSchedule implements OnApplicationBootstrap {
  private readonly log = new Logger('HousekeepingSchedule');

  constructor(@InjectQueue(HOUSEKEEPING_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    const warn = (error: Error) => this.log.warn(`could not restore the schedule after Redis reconnected: ${error.message}`);
    await schedulePeriodic(this.queue, FORGET_EXPIRED, HOUR_MS, warn);
    await schedulePeriodic(this.queue, TIDY_BENEFITS, TIDY_BENEFITS_MS, warn);
  }
}

@Processor(HOUSEKEEPING_QUEUE)
export class HousekeepingWorker extends WorkerHost {
  constructor(
    private readonly forgetExpired: ForgetExpired,
    private readonly reservations: BenefitReservations,
    private readonly writeOffExpired: WriteOffExpired,
    private readonly transfers: CompanyTransfers,
  ) {
    super();
  }

  async process(job: Job<JobTrace>): Promise<unknown> {
    return inJobContext(job, async () => {
      if (job.name === FORGET_EXPIRED) return this.forgetExpired.execute();
      if (job.name === TIDY_BENEFITS) {
        return { released: await this.reservations.releaseUnbound(), expired: await this.writeOffExpired.execute(), transfersReleased: await this.transfers.releaseUnbound() };
      }
      throw new Error(`Unknown housekeeping job ${job.name}`);
    });
  }
}
