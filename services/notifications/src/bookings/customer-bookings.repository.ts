import { Inject, Injectable } from '@nestjs/common';
import type { BookingSnapshot } from '@limo/contracts';
import { DATABASE } from '@limo/service-runtime';
import type { CustomerBooking, PrismaClient } from '../generated/prisma/client.js';
import type { NotificationsTx } from '../notifications.tx.js';
import { UPCOMING, type ReminderDue } from '../reminders/reminder-due.js';

/** A booking as applied, its snapshot typed. */
export type AppliedBooking = Omit<CustomerBooking, 'snapshot' | 'updatedAt'> & { snapshot: BookingSnapshot };

/** The latest booking snapshot per booking, kept from booking events (newer versions only). */
@Injectable()
export class CustomerBookingsRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  /** The booking as applied so far, locked until the transaction ends; null for one not seen yet. */
  async lock(tx: NotificationsTx, bookingId: number): Promise<AppliedBooking | null> {
    const [row] = await tx.$queryRaw<AppliedBooking[]>`
      SELECT booking_id AS "bookingId", version, status, pickup_at AS "pickupAt", reminder_due_at AS "reminderDueAt", snapshot
        FROM customer_bookings WHERE booking_id = ${bookingId} FOR UPDATE`;
    return row ?? null;
  }

  /**
   * Writes the snapshot unless the same or a newer version is there; false when it did not.
   * The version check is in the statement itself: `lock` holds no row for a booking not seen yet,
   * so two replicas applying its first events together both get here, and the older must not win.
   */
  async save(tx: NotificationsTx, booking: BookingSnapshot, reminderDueAt: Date | null): Promise<boolean> {
    const pickupAt = new Date(booking.pickupAt ?? `${booking.pickupDate}T${booking.pickupTime}:00Z`);
    const written = await tx.$executeRaw`
      INSERT INTO customer_bookings (booking_id, version, status, pickup_at, snapshot, reminder_due_at, updated_at)
      VALUES (${booking.id}, ${booking.version}, ${booking.status}, ${pickupAt}, ${JSON.stringify(booking)}::jsonb, ${reminderDueAt}, now())
      ON CONFLICT (booking_id) DO UPDATE
         SET version = EXCLUDED.version, status = EXCLUDED.status, pickup_at = EXCLUDED.pickup_at, snapshot = EXCLUDED.snapshot,
             reminder_due_at = EXCLUDED.reminder_due_at, updated_at = EXCLUDED.updated_at
       WHERE customer_bookings.version < EXCLUDED.version`;
    return written > 0;
  }

  /** Reminders owed for rides still to come, sent or not (the caller knows which were queued). */
  remindersOwed(): Promise<({ bookingId: number } & ReminderDue)[]> {
    return this.db.$queryRaw`
      SELECT booking_id AS "bookingId", snapshot->>'pickupAt' AS "pickupAt", reminder_due_at AS "dueAt"
        FROM customer_bookings
       WHERE reminder_due_at IS NOT NULL AND status = ANY(${[...UPCOMING]}) AND pickup_at > now()
       ORDER BY reminder_due_at`;
  }
}
