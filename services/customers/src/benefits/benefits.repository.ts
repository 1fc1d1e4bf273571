import { Injectable } from '@nestjs/common';
import { fromCents } from '@limo/contracts';
import { PrismaClient } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import type { UnboundHold } from '../stored-bookings.js';

export type ReservationStatus = 'held' | 'spent' | 'released';

export interface ReservationRow {
  id: string;
  email: string;
  bookingId: number | null;
  status: ReservationStatus;
}

/** Reads and writes of the benefits' reservations, and of the free rides (loyalty rewards) they hold. */
@Injectable()
export class BenefitsRepository {
  constructor(private readonly db: PrismaClient) {}

  /** The reservation, locked until the transaction ends (null when there is none). */
  async lock(tx: CustomersTx, id: string): Promise<ReservationRow | null> {
    const rows = await tx.$queryRaw<ReservationRow[]>`
      SELECT id::text, email, booking_id AS "bookingId", status FROM benefit_reservations WHERE id = ${id}::uuid FOR UPDATE`;
    return rows[0] ?? null;
  }

  /** The reservation bound to the booking, locked (null when it has none). */
  async lockOfBooking(tx: CustomersTx, bookingId: number): Promise<ReservationRow | null> {
    const rows = await tx.$queryRaw<ReservationRow[]>`
      SELECT id::text, email, booking_id AS "bookingId", status FROM benefit_reservations WHERE booking_id = ${bookingId} FOR UPDATE`;
    return rows[0] ?? null;
  }

  async emailOfBooking(tx: CustomersTx, bookingId: number): Promise<string | null> {
    const rows = await tx.$queryRaw<{ email: string }[]>`SELECT email FROM benefit_reservations WHERE booking_id = ${bookingId}`;
    return rows[0]?.email ?? null;
  }

  async emailOf(id: string): Promise<string | null> {
    const rows = await this.db.$queryRaw<{ email: string }[]>`SELECT email FROM benefit_reservations WHERE id = ${id}::uuid`;
    return rows[0]?.email ?? null;
  }

  async insert(tx: CustomersTx, reservation: { id: string; email: string; rewardId: number | null; cents: number }): Promise<void> {
    await tx.$executeRaw`INSERT INTO benefit_reservations (id, email, status, reward_id, credit)
      VALUES (${reservation.id}::uuid, ${reservation.email}, 'held', ${reservation.rewardId}, ${fromCents(reservation.cents)}::numeric)`;
  }

  /** Binds an unbound reservation to its booking; false when it is bound already or unknown. */
  async bind(tx: CustomersTx, id: string, bookingId: number): Promise<boolean> {
    return (await tx.$executeRaw`UPDATE benefit_reservations SET booking_id = ${bookingId} WHERE id = ${id}::uuid AND booking_id IS NULL`) > 0;
  }

  /** `bind` for many in one statement: each unbound reservation still held to its booking (one given back stays so). */
  async bindAll(tx: CustomersTx, bindings: { reservationId: string; bookingId: number }[]): Promise<void> {
    if (bindings.length === 0) return;
    await tx.$executeRaw`UPDATE benefit_reservations r SET booking_id = b.booking_id
      FROM unnest(${bindings.map((b) => b.reservationId)}::uuid[], ${bindings.map((b) => b.bookingId)}::int[]) AS b(id, booking_id)
      WHERE r.id = b.id AND r.booking_id IS NULL AND r.status = 'held'`;
  }

  async setStatus(tx: CustomersTx, id: string, status: ReservationStatus): Promise<void> {
    await tx.$executeRaw`UPDATE benefit_reservations SET status = ${status} WHERE id = ${id}::uuid`;
  }

  /** The reservations still held and never bound to a booking, made before `before`. */
  unboundSince(before: Date): Promise<UnboundHold[]> {
    return this.db.$queryRaw<UnboundHold[]>`
      SELECT id::text, created_at AS "createdAt" FROM benefit_reservations WHERE status = 'held' AND booking_id IS NULL AND created_at < ${before}`;
  }

  /** The email's usable free ride expiring first: unexpired, neither held nor redeemed. */
  async freeRide(tx: CustomersTx, email: string, now: Date): Promise<{ id: number; expiresAt: Date } | null> {
    const rows = await tx.$queryRaw<{ id: number; expiresAt: Date }[]>`
      SELECT id, expires_at AS "expiresAt" FROM loyalty_rewards
      WHERE email = ${email} AND expires_at > ${now} AND reservation_id IS NULL AND redeemed_booking_id IS NULL
      ORDER BY expires_at, id LIMIT 1`;
    return rows[0] ?? null;
  }

  /** Holds the free ride for the reservation; false when it was taken meanwhile (or withdrawn). */
  async holdReward(tx: CustomersTx, rewardId: number, reservationId: string): Promise<boolean> {
    return (await tx.$executeRaw`UPDATE loyalty_rewards SET reservation_id = ${reservationId}::uuid
      WHERE id = ${rewardId} AND reservation_id IS NULL AND redeemed_booking_id IS NULL`) > 0;
  }

  async freeReward(tx: CustomersTx, reservationId: string): Promise<void> {
    await tx.$executeRaw`UPDATE loyalty_rewards SET reservation_id = NULL WHERE reservation_id = ${reservationId}::uuid AND redeemed_booking_id IS NULL`;
  }

  async redeemReward(tx: CustomersTx, reservationId: string, bookingId: number): Promise<void> {
    await tx.$executeRaw`UPDATE loyalty_rewards SET redeemed_booking_id = ${bookingId} WHERE reservation_id = ${reservationId}::uuid`;
  }
}
