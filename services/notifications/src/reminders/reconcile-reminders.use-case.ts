import { Inject, Injectable, Logger } from '@nestjs/common';
import { DATABASE } from '@limo/service-runtime';
import type { PrismaClient } from '../generated/prisma/client.js';
import { CustomerBookingsRepository } from '../bookings/customer-bookings.repository.js';
import { OutgoingMessagesRepository } from '../messages/outgoing-messages.repository.js';
import { UPCOMING, type ReminderDue } from './reminder-due.js';
import { ReminderSchedule } from './reminder-schedule.js';
import { reminderEventId } from './send-reminder.use-case.js';

/**
 * Gives every reminder still owed and not yet queued its job back if the job is missing (a
 * Redis that restarted empty or failed over, a job that failed for good, a ride moved while its
 * old reminder was running). Reminders live only as delayed jobs in Redis; this makes
 * `customer_bookings` their record. Any replica may run it at any time: a booking whose job is
 * there costs one read, and one that needs a job is set under its row lock.
 */
@Injectable()
export class ReconcileReminders {
  private readonly log = new Logger('ReconcileReminders');

  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    private readonly bookings: CustomerBookingsRepository,
    private readonly messages: OutgoingMessagesRepository,
    private readonly schedule: ReminderSchedule,
  ) {}

  /** The number of jobs it added. */
  async execute(): Promise<number> {
    const owed = await this.bookings.remindersOwed();
    const queued = await this.messages.queuedEventIds(owed.map((r) => reminderEventId(r.bookingId, r.pickupAt)));
    let restored = 0;
    for (const reminder of owed) {
      if (queued.has(reminderEventId(reminder.bookingId, reminder.pickupAt))) continue;
      if (await this.schedule.scheduled(reminder.bookingId, reminder.pickupAt)) continue;
      if (await this.restore(reminder.bookingId, reminder)) restored++;
    }
    if (restored > 0) this.log.warn(`restored ${restored} missing reminder job(s)`);
    return restored;
  }

  /** Under the booking's row lock, as events change it and its job: a ride moved meanwhile is left to its event. */
  private restore(bookingId: number, seen: ReminderDue): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const current = await this.bookings.lock(tx, bookingId);
      if (!current?.reminderDueAt || !UPCOMING.has(current.status) || current.snapshot.pickupAt !== seen.pickupAt) return false;
      return this.schedule.sync(bookingId, { pickupAt: seen.pickupAt, dueAt: current.reminderDueAt });
    });
  }
}
