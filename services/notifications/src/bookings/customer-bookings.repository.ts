import { Inject, Injectable } from '@nestjs/common';
import type { BookingSnapshot } from '@limo/contracts';
import { DATABASE } from '@limo/service-runtime';
import type { CustomerBooking, PrismaClient } from '../generated/prisma/client.js';
import type { NotificationsTx } from '../notifications.tx.js';

export interface AppliedSnapshot {
  /** False when the event is older than (or the same as) what is applied already. */
  changed: boolean;
  previous: CustomerBooking | null;
}

/** The latest booking snapshot per booking, kept from booking events (newer versions only). */
@Injectable()
export class CustomerBookingsRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  async apply(tx: NotificationsTx, booking: BookingSnapshot): Promise<AppliedSnapshot> {
    const [previous] = await tx.$queryRaw<CustomerBooking[]>`
      SELECT booking_id AS "bookingId", version, status, pickup_at AS "pickupAt" FROM customer_bookings WHERE booking_id = ${booking.id} FOR UPDATE`;
    if (previous && previous.version >= booking.version) return { changed: false, previous };
    const row = {
      version: booking.version,
      status: booking.status,
      pickupAt: new Date(booking.pickupAt ?? `${booking.pickupDate}T${booking.pickupTime}:00Z`),
      snapshot: booking,
    };
    await tx.customerBooking.upsert({ where: { bookingId: booking.id }, create: { bookingId: booking.id, ...row }, update: row });
    return { changed: true, previous: previous ?? null };
  }

  async find(bookingId: number): Promise<{ booking: BookingSnapshot; pickupAt: Date; status: string } | null> {
    const row = await this.db.customerBooking.findUnique({ where: { bookingId } });
    return row ? { booking: row.snapshot as unknown as BookingSnapshot, pickupAt: row.pickupAt, status: row.status } : null;
  }
}
