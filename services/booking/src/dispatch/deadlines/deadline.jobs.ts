import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Controller, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { bookingEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import { inJobContext, schedulePeriodic, traced, type JobTrace } from '@limo/service-runtime';
import { DispatchRepository } from '../dispatch.repository.js';
import { DispatchSettings } from '../dispatch-support.js';
import { ExpireAssignment } from '../expire-assignment/expire-assignment.use-case.js';

export const DEADLINES_QUEUE = 'dispatch-deadlines';
const DEADLINE = 'assignment-deadline';
const SWEEP = 'sweep-overdue-assignments';

interface DeadlineJob extends JobTrace {
  bookingId: number;
  assignmentId: string;
}

/** One job per assignment: a re-assignment has its own, so an old deadline never fires on it. */
export const deadlineJobId = (bookingId: number, assignmentId: string) => `deadline-${bookingId}-${assignmentId}`;

/**
 * Schedules each assignment's deadline from its `ride.assigned` event: the event is durable and
 * redelivered until this commits, so no deadline is lost to a crash between the assignment's
 * commit and the scheduling; the job id makes a redelivery schedule nothing twice.
 */
@Controller()
@EventConsumer({ durable: 'booking-deadlines' })
export class DeadlineScheduler {
  constructor(@InjectQueue(DEADLINES_QUEUE) private readonly queue: Queue<DeadlineJob>) {}

  @OnEvent(bookingEvents.rideAssigned)
  async assigned(event: EventOf<typeof bookingEvents.rideAssigned>, _ctx: EventContext) {
    const { assignment } = event.data;
    const delay = Math.max(0, new Date(assignment.responseDeadline).getTime() - Date.now());
    await this.queue.add(DEADLINE, traced({ bookingId: assignment.bookingId, assignmentId: assignment.id }), {
      jobId: deadlineJobId(assignment.bookingId, assignment.id),
      delay,
      attempts: 10,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    });
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

  async process(job: Job<DeadlineJob>): Promise<unknown> {
    return inJobContext(job, async () => {
      if (job.name === DEADLINE) return { outcome: await this.expire.execute(job.data) };
      if (job.name === SWEEP) return { expired: await this.sweep() };
      throw new Error(`Unknown dispatch job ${job.name}`);
    });
  }

  private async sweep(): Promise<number> {
    let expired = 0;
    for (const overdue of await this.dispatch.overdue(new Date())) {
      if ((await this.expire.execute(overdue)) === 'expired') expired++;
    }
    if (expired > 0) this.log.warn(`the sweep expired ${expired} assignment(s) whose deadline job had not run`);
    return expired;
  }
}
