import type { BookingSnapshot } from '@limo/contracts';

/** Statuses whose ride is still to come and worth a reminder. */
export const UPCOMING: ReadonlySet<string> = new Set(['pending', 'confirmed']);

/** The reminder a booking is owed: for that pickup (the job's and the message key's), due then. */
export interface ReminderDue {
  pickupAt: string;
  dueAt: Date;
}

/**
 * Whether a booking, as an event now leaves it, is owed a pickup reminder and when.
 *
 * A booking gets one when it is upcoming at a pickup known while the reminder's time is still
 * ahead (a ride booked 10 hours before pickup gets none). Once owed, it stays owed for that
 * pickup even after its time has passed, so a job lost with Redis is restored late rather than
 * never; a new pickup decides afresh.
 */
export function reminderDue(
  previous: { pickupAt: Date; reminderDueAt: Date | null } | null,
  booking: Pick<BookingSnapshot, 'status' | 'pickupAt'>,
  hoursBefore: number,
  now: Date,
): ReminderDue | null {
  const { pickupAt } = booking;
  if (!UPCOMING.has(booking.status) || !pickupAt) return null;
  if (previous?.reminderDueAt && previous.pickupAt.getTime() === Date.parse(pickupAt)) return { pickupAt, dueAt: previous.reminderDueAt };
  const dueAt = new Date(Date.parse(pickupAt) - hoursBefore * 3_600_000);
  return dueAt > now ? { pickupAt, dueAt } : null;
}
