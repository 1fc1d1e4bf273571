import type { JobTrace } from '@limo/service-runtime';

export const REMINDERS_QUEUE = 'customer-reminders';
export const REMINDER = 'pickup-reminder';
export const RECONCILE = 'reconcile-reminders';

export interface ReminderJob extends JobTrace {
  bookingId: number;
  /** The pickup the reminder is for: a job for an older pickup time sends nothing. */
  pickupAt: string;
}

/** One reminder job per booking: moving it means replacing that job (BullMQ ignores an add under an existing id). */
export const reminderJobId = (bookingId: number) => `reminder-${bookingId}`;
