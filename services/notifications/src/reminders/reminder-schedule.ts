import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Job, JobState, Queue } from 'bullmq';
import { traced } from '@limo/service-runtime';
import type { ReminderDue } from './reminder-due.js';
import { REMINDER, REMINDERS_QUEUE, reminderJobId, type ReminderJob } from './reminder-queue.js';

/** States of a job that is still to run or running; a failed one is replaced like a missing one. */
const LIVE: ReadonlySet<JobState | 'unknown'> = new Set(['delayed', 'waiting', 'prioritized', 'waiting-children', 'active']);

/**
 * Keeps each booking's reminder job in line with the reminder it is owed: scheduled, moved or
 * removed. Callers hold the booking's row lock (the event's transaction, the reconcile's), so
 * two replicas never set the job of one booking from different states of it.
 */
@Injectable()
export class ReminderSchedule {
  private readonly log = new Logger('ReminderSchedule');

  constructor(@InjectQueue(REMINDERS_QUEUE) private readonly queue: Queue<ReminderJob>) {}

  /** Whether the booking's job is waiting (or running) for that pickup. */
  async scheduled(bookingId: number, pickupAt: string): Promise<boolean> {
    const job = await this.queue.getJob(reminderJobId(bookingId));
    return job !== undefined && (await isLiveFor(job, pickupAt));
  }

  /** Makes the job match `due` (none when null); true when it added one. */
  async sync(bookingId: number, due: ReminderDue | null): Promise<boolean> {
    const existing = await this.queue.getJob(reminderJobId(bookingId));
    if (existing && due && (await isLiveFor(existing, due.pickupAt))) return false;
    // A running job cannot be removed, and an add under its id would be ignored: it sends
    // nothing stale (it re-reads the booking), and once it is gone the reconcile adds this one.
    if (existing && !(await this.remove(existing))) return false;
    if (!due) return false;
    await this.queue.add(REMINDER, traced({ bookingId, pickupAt: due.pickupAt }), {
      jobId: reminderJobId(bookingId),
      delay: Math.max(0, due.dueAt.getTime() - Date.now()),
      attempts: 10,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
    return true;
  }

  private async remove(job: Job<ReminderJob>): Promise<boolean> {
    try {
      await job.remove();
      return true;
    } catch (error) {
      this.log.warn(`reminder ${job.id} could not be removed while running: ${(error as Error).message}`);
      return false;
    }
  }
}

const isLiveFor = async (job: Job<ReminderJob>, pickupAt: string) => job.data.pickupAt === pickupAt && LIVE.has(await job.getState());
