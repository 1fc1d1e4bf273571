import { Injectable } from '@nestjs/common';
import type { ReservationHolder, ReservationHoldersQuery } from '@limo/contracts';
import { PrismaClient } from '../generated/prisma/client.js';

/**
 * The stored bookings that name any of these reservations (a signed-in customer's benefits, or a
 * company's month transfer). Searched among the bookings made since `since` (the created_at
 * index): a booking is stored right after its hold, and the two columns have no index of their own,
 * which every booking insert would pay for an answer asked only when an event is late.
 */
@Injectable()
export class ReservationHolders {
  constructor(private readonly db: PrismaClient) {}

  async find({ reservationIds, since }: ReservationHoldersQuery): Promise<ReservationHolder[]> {
    const rows = await this.db.booking.findMany({
      where: {
        createdAt: { gte: new Date(since) },
        OR: [{ benefitsReservationId: { in: reservationIds } }, { transferReservationId: { in: reservationIds } }],
      },
      select: { id: true, benefitsReservationId: true, transferReservationId: true },
    });
    const asked = new Set(reservationIds);
    return rows.flatMap((row) =>
      [row.benefitsReservationId, row.transferReservationId].filter((id): id is string => id !== null && asked.has(id)).map((reservationId) => ({ reservationId, bookingId: row.id })),
    );
  }
}
