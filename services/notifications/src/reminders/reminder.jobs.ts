import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { inJobContext, SERVICE_CONFIG, traced, type JobTrace } from '@limo/service-runtime';
import type { BookingSnapshot } from '@limo/contracts';
import type { NotificationsConfig } from '../notifications.config.js';
import { SendReminder } from './send-reminder.use-case.js';

export const REMINDERS_QUEUE = 'customer-reminders';
const REMINDER = 'pickup-reminder';

export interface ReminderJob extends JobTrace {
  bookingId: number;
  /** The pickup the reminder is for: a job for an older pickup time sends nothing. */
  pickupAt: string;
}

/** One reminder job per booking: moving it means replacing that job (BullMQ ignores an add under an existing id). */
export const reminderJobId = (bookingId: number) => `reminder-${bookingId}`;

/** Statuses whose ride is still to come and worth a reminder. */
const UPCOMING = new Set(['pending', 'confirmed']);

/** Keeps each booking's reminder job in line with its current state: scheduled, moved or removed. */
@Injectable()
export class ReminderSchedule {
  private readonly log = new Logger('ReminderSchedule');

  constructor(
    @InjectQueue(REMINDERS_QUEUE) private readonly queue: Queue<ReminderJob>,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  /** Makes the job match the booking: due REMINDER_HOURS_BEFORE its pickup while upcoming, none otherwise. */
  async sync(booking: Pick<BookingSnapshot, 'id' | 'status' | 'pickupAt'>): Promise<void> {
    const id = reminderJobId(booking.id);
    const dueAt = booking.pickupAt ? new Date(booking.pickupAt).getTime() - this.config.REMINDER_HOURS_BEFORE * 3_600_000 : NaN;
    const wanted = UPCOMING.has(booking.status) && dueAt > Date.now();
    const existing = await this.queue.getJob(id);
    if (existing && wanted && existing.data.pickupAt === booking.pickupAt && !(await existing.isCompleted())) return;
    if (existing) await this.remove(existing);
    if (!wanted) return;
    await this.queue.add(REMINDER, traced({ bookingId: booking.id, pickupAt: booking.pickupAt! }), {
      jobId: id,
      delay: dueAt - Date.now(),
      attempts: 10,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  private async remove(job: Job<ReminderJob>): Promise<void> {
    try {
      await job.remove();
    } catch (error) {
      // Running right now (locked): it checks the booking's current pickup itself and sends nothing stale.
      this.log.warn(`reminder ${job.id} could not be removed while running: ${(error as Error).message}`);
    }
  }
}

/** Fires reminders; a job that runs twice writes the same message key and sends once. */
@Processor(REMINDERS_QUEUE)
export class ReminderWorker extends WorkerHost {
  constructor(private readonly sendReminder: SendReminder) {
    super();
  }

  async process(job: Job<ReminderJob>): Promise<unknown> {
    return inJobContext(job, async () => {
      if (job.name !== REMINDER) throw new Error(`Unknown reminder job ${job.name}`);
      return { outcome: await this.sendReminder.execute(job.data) };
    });
  }
}
