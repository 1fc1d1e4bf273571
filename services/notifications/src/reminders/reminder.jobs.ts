import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { inJobContext, schedulePeriodic, SERVICE_CONFIG } from '@limo/service-runtime';
import type { NotificationsConfig } from '../notifications.config.js';
import { ReconcileReminders } from './reconcile-reminders.use-case.js';
import { RECONCILE, REMINDER, REMINDERS_QUEUE, type ReminderJob } from './reminder-queue.js';
import { SendReminder } from './send-reminder.use-case.js';

/**
 * Keeps the reconcile running every REMINDER_RECONCILE_SECONDS for the whole cluster: reminders
 * exist only as delayed jobs, and a Redis that loses its data would otherwise lose them silently.
 */
@Injectable()
export class ReminderReconcileSchedule implements OnApplicationBootstrap {
  private readonly log = new Logger('ReminderReconcileSchedule');

  constructor(
    @InjectQueue(REMINDERS_QUEUE) private readonly queue: Queue,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await schedulePeriodic(this.queue, RECONCILE, this.config.REMINDER_RECONCILE_SECONDS * 1000, (error) =>
      this.log.warn(`could not restore the schedule after Redis reconnected: ${error.message}`),
    );
  }
}

/** Fires reminders (and reconciles); a job that runs twice writes the same message key and sends once. */
@Processor(REMINDERS_QUEUE)
export class ReminderWorker extends WorkerHost {
  constructor(
    private readonly sendReminder: SendReminder,
    private readonly reconcile: ReconcileReminders,
  ) {
    super();
  }

  async process(job: Job<ReminderJob>): Promise<unknown> {
    return inJobContext(job, async () => {
      if (job.name === REMINDER) return { outcome: await this.sendReminder.execute(job.data) };
      if (job.name === RECONCILE) return { restored: await this.reconcile.execute() };
      throw new Error(`Unknown reminder job ${job.name}`);
    });
  }
}
