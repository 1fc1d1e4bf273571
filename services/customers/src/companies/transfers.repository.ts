import { Injectable } from '@nestjs/common';
import type { BillingMonth } from '@limo/contracts';
import { PrismaClient } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import type { UnboundHold } from '../stored-bookings.js';

/** The statuses whose transfer counts as used in its month. */
const USED = ['held', 'bound'];

/** Reads and writes of the month transfers held for company rides. */
@Injectable()
export class TransfersRepository {
  constructor(private readonly db: PrismaClient) {}

  /**
   * The lock of a company's month, taken before counting its transfers and holding one, so two
   * bookings at once, on any replicas, never both take the last one.
   */
  async lockMonth(tx: CustomersTx, companyId: number, month: BillingMonth): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`customers.transfers:${companyId}:${month}`}::text))`;
  }

  async exists(tx: CustomersTx, id: string): Promise<boolean> {
    return (await tx.transferReservation.count({ where: { id } })) > 0;
  }

  async used(tx: CustomersTx, companyId: number, month: BillingMonth): Promise<number> {
    return tx.transferReservation.count({ where: { companyId, month, transfer: true, status: { in: USED } } });
  }

  /** The company's transfers held or used in each month from `from` on (months with none left out). */
  async usedFrom(tx: CustomersTx, companyId: number, from: BillingMonth): Promise<Map<BillingMonth, number>> {
    const rows = await tx.transferReservation.groupBy({ by: ['month'], where: { companyId, month: { gte: from }, transfer: true, status: { in: USED } }, _count: { _all: true } });
    return new Map(rows.map((row) => [row.month, row._count._all]));
  }

  /** The transfers used in a month, by company (companies with none left out). */
  async usedByCompany(month: BillingMonth): Promise<Map<number, number>> {
    const rows = await this.db.transferReservation.groupBy({ by: ['companyId'], where: { month, transfer: true, status: { in: USED } }, _count: { _all: true } });
    return new Map(rows.map((row) => [row.companyId, row._count._all]));
  }

  async insert(tx: CustomersTx, reservation: { id: string; companyId: number; month: BillingMonth; email: string }, now: Date): Promise<void> {
    await tx.transferReservation.create({ data: { ...reservation, transfer: true, status: 'held', createdAt: now, updatedAt: now } });
  }

  /** Releases a held reservation no booking has bound; false when there is none such. */
  async releaseUnbound(id: string, now: Date): Promise<boolean> {
    const { count } = await this.db.transferReservation.updateMany({ where: { id, status: 'held', bookingId: null }, data: { status: 'released', updatedAt: now } });
    return count > 0;
  }

  /** The held reservations never bound to a booking, made before `before`. */
  unboundSince(before: Date): Promise<UnboundHold[]> {
    return this.db.transferReservation.findMany({ where: { status: 'held', bookingId: null, createdAt: { lt: before } }, select: { id: true, createdAt: true } });
  }

  /** Releases these held reservations, those no booking has bound meanwhile. */
  async releaseUnboundAll(ids: string[], now: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const { count } = await this.db.transferReservation.updateMany({ where: { id: { in: ids }, status: 'held', bookingId: null }, data: { status: 'released', updatedAt: now } });
    return count;
  }

  /**
   * Binds each held reservation to its booking, in one statement. Only a held one: a released
   * reservation stays released (a restored booking does not take its transfer back), and a bound
   * one stays with its booking.
   */
  async bindAll(tx: CustomersTx, bindings: { reservationId: string; bookingId: number }[], now: Date): Promise<void> {
    if (bindings.length === 0) return;
    await tx.$executeRaw`UPDATE transfer_reservations r SET booking_id = b.booking_id, status = 'bound', updated_at = ${now}
      FROM unnest(${bindings.map((b) => b.reservationId)}::uuid[], ${bindings.map((b) => b.bookingId)}::int[]) AS b(id, booking_id)
      WHERE r.reservation_id = b.id AND r.status = 'held' AND r.booking_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM transfer_reservations o WHERE o.booking_id = b.booking_id)`;
  }

  /** Gives a cancelled booking's transfer back to its month (once: a released one stays released). */
  async release(tx: CustomersTx, id: string, now: Date): Promise<void> {
    await tx.transferReservation.updateMany({ where: { id, status: { in: USED } }, data: { status: 'released', updatedAt: now } });
  }
}
