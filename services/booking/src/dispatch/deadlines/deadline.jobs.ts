import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Controller, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, type Job, type Queue } from 'bullmq';
import { bookingEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import { inJobContext, schedulePeriodic } from '@limo/service-runtime';
import { DispatchRepository } from '../../rides/dispatch.repository.js';
import { DispatchSettings } from '../../rides/dispatch-settings.js';
import { ExpireAssignment } from '../expire-assignment/expire-assignment.use-case.js';
import { ScheduleDeadline } from '../schedule-deadline/schedule-deadline.use-case.js';
import { DEADLINE, DEADLINES_QUEUE, SWEEP, type DeadlineJob } from './deadline-queue.js';

const EARLY_RETRY_MS = 500;

/**
 * Schedules each assignment's deadline from its `ride.assigned` event: the event is durable and
 * redelivered until this commits, so no deadline is lost to a crash between the assignment's
 * commit and the scheduling; the job id makes a redelivery schedule nothing twice.
 */
@Controller()
@EventConsumer({ durable: 'booking-deadlines' })
export class DeadlineScheduler {
  constructor(private readonly schedule: ScheduleDeadline) {}

  @OnEvent(bookingEvents.rideAssigned)
  assigned(event: EventOf<typeof bookingEvents.rideAssigned>, _ctx: EventContext) {
    return this.schedule.execute(event.data.assignment);
  }
}

/**
 * Keeps a sweep running every DEADLINE_SWEEP_SECONDS (30) for the whole cluster: it expires any
 * assignment whose deadline passed unanswered, whatever happened to its job (a Redis that lost its data).
 */
@Injectable()
export class DeadlineSweepSchedule implements OnApplicationBootstrap {
  private readonly log = new Logger('DeadlineSweepSchedule');

  constructor(
    @InjectQueue(DEADLINES_QUEUE) private readonly queue: Queue,
    private readonly settings: DispatchSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await schedulePeriodic(this.queue, SWEEP, this.settings.sweepSeconds * 1000, (error) =>
      this.log.warn(`could not restore the schedule after Redis reconnected: ${error.message}`),
    );
  }
}

/** Fires deadlines (and sweeps); each job runs on one replica, and running one twice is harmless. */
@Processor(DEADLINES_QUEUE)
export class DeadlineWorker extends WorkerHost {
  private readonly log = new Logger('DeadlineWorker');

  constructor(
    private readonly expire: ExpireAssignment,
    private readonly dispatch: DispatchRepository,
  ) {
    super();
  }

  async process(job: Job<DeadlineJob>, token?: string): Promise<unknown> {
    return inJobContext(job, async () => {
      if (job.name === DEADLINE) {
        const outcome = await this.expire.execute(job.data);
        // Fired before the deadline (the replica that scheduled it and this one disagree on the
        // time by a little): once more a moment later, rather than at the next sweep, up to
        // DEADLINE_SWEEP_SECONDS late.
        if (outcome === 'not-yet' && token) {
          await job.moveToDelayed(Date.now() + EARLY_RETRY_MS, token);
          throw new DelayedError();
        }
        return { outcome };
      }
      if (job.name === SWEEP) return { expired: await this.sweep() };
      throw new Error(`Unknown dispatch job ${job.name}`);
    });
  }

  private async sweep(): Promise<number> {
    let expired = 0;
    for (const overdue of await this.dispatch.overdue(new Date())) {
      try {
        if ((await this.expire.execute(overdue)) === 'expired') expired++;
      } catch (error) {
        // One booking that cannot be expired now does not hold up the others (the next sweep tries it again).
        this.log.warn(`the sweep could not expire booking ${overdue.bookingId}'s assignment: ${(error as Error).message}`);
      }
    }
    if (expired > 0) this.log.warn(`the sweep expired ${expired} assignment(s) whose deadline job had not run`);
    return expired;
  }
}
