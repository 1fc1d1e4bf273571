import { Injectable } from '@nestjs/common';
import { ADMIN_CUSTOMERS_LIMIT } from '@limo/contracts';
import { PrismaClient } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import { lockEmails } from '../email-locks.js';
import type { CountedRide, KeptReward, RewardToEarn } from './loyalty-rules.js';

/** A booking as loyalty keeps it. */
export interface LoyaltyRideState {
  bookingId: number;
  email: string;
  version: number;
  counted: boolean;
  completedAt: Date | null;
}

export interface RewardRow {
  earnedAt: Date;
  expiresAt: Date;
  redeemedBookingId: number | null;
  reservationId: string | null;
}

export interface CustomerLoyaltyRow {
  email: string;
  name: string | null;
  createdAt: Date;
  rides: number;
  available: number;
  nextExpiry: Date | null;
}

/** Reads and writes of Next One's on Us: the rides known per booking and the rewards per email. */
@Injectable()
export class LoyaltyRepository {
  constructor(private readonly db: PrismaClient) {}

  /** The booking's row, locked until the transaction ends (null when it has none yet). */
  async lockRide(tx: CustomersTx, bookingId: number): Promise<Pick<LoyaltyRideState, 'email' | 'version' | 'counted'> | null> {
    const rows = await tx.$queryRaw<Pick<LoyaltyRideState, 'email' | 'version' | 'counted'>[]>`SELECT email, version, counted FROM loyalty_rides WHERE booking_id = ${bookingId} FOR UPDATE`;
    return rows[0] ?? null;
  }

  /** The booking's first row; false when another transaction made it meanwhile. */
  async insertRide(tx: CustomersTx, ride: LoyaltyRideState): Promise<boolean> {
    const inserted = await tx.$executeRaw`INSERT INTO loyalty_rides (booking_id, email, version, counted, completed_at)
      VALUES (${ride.bookingId}, ${ride.email}, ${ride.version}, ${ride.counted}, ${ride.completedAt}) ON CONFLICT (booking_id) DO NOTHING`;
    return inserted > 0;
  }

  /** Rows not counted, in one statement; a booking that has its row already keeps it. */
  async insertRides(tx: CustomersTx, rides: { bookingId: number; email: string; version: number }[]): Promise<void> {
    if (rides.length === 0) return;
    await tx.$executeRaw`INSERT INTO loyalty_rides (booking_id, email, version, counted)
      SELECT b, e, v, false FROM unnest(${rides.map((r) => r.bookingId)}::int[], ${rides.map((r) => r.email)}::text[], ${rides.map((r) => r.version)}::int[]) AS t(b, e, v)
      ON CONFLICT (booking_id) DO NOTHING`;
  }

  async updateRide(tx: CustomersTx, { bookingId, ...state }: LoyaltyRideState): Promise<void> {
    await tx.loyaltyRide.update({ where: { bookingId }, data: state });
  }

  /** Serialises the changes of these emails' cards. */
  async lockEmails(tx: CustomersTx, emails: string[]): Promise<void> {
    await lockEmails(tx, 'loyalty', emails);
  }

  async countedRides(tx: CustomersTx, email: string): Promise<CountedRide[]> {
    const rows = await tx.loyaltyRide.findMany({ where: { email, counted: true }, select: { bookingId: true, completedAt: true } });
    return rows.map((row) => ({ bookingId: row.bookingId, completedAt: row.completedAt! }));
  }

  async keptRewards(tx: CustomersTx, email: string): Promise<KeptReward[]> {
    const rows = await tx.loyaltyReward.findMany({ where: { email }, select: { threshold: true, redeemedBookingId: true, reservationId: true } });
    // One held for a booking counts as used: the booking was priced with it.
    return rows.map((row) => ({ threshold: row.threshold, redeemed: row.redeemedBookingId !== null || row.reservationId !== null }));
  }

  async earn(tx: CustomersTx, email: string, rewards: RewardToEarn[]): Promise<void> {
    if (rewards.length > 0) await tx.loyaltyReward.createMany({ data: rewards.map((reward) => ({ email, ...reward })) });
  }

  async withdraw(tx: CustomersTx, email: string, thresholds: number[]): Promise<void> {
    if (thresholds.length > 0) await tx.loyaltyReward.deleteMany({ where: { email, threshold: { in: thresholds }, redeemedBookingId: null, reservationId: null } });
  }

  /** The email's count of counted rides and its rewards, newest first. */
  async cardOf(email: string): Promise<{ rides: number; rewards: RewardRow[] }> {
    const [rides, rewards] = await Promise.all([
      this.db.loyaltyRide.count({ where: { email, counted: true } }),
      this.db.loyaltyReward.findMany({ where: { email }, orderBy: { threshold: 'desc' }, select: { earnedAt: true, expiresAt: true, redeemedBookingId: true, reservationId: true } }),
    ]);
    return { rides, rewards };
  }

  /** The accounts whose email or name holds `search` (any case), most counted rides first. */
  async customers(search: string | undefined, now: Date): Promise<CustomerLoyaltyRow[]> {
    const needle = search ? search.toLowerCase() : null;
    return this.db.$queryRaw<CustomerLoyaltyRow[]>`
      SELECT c.email, c.name, c.created_at AS "createdAt",
        (SELECT count(*)::int FROM loyalty_rides r WHERE r.email = c.email AND r.counted) AS rides,
        (SELECT count(*)::int FROM loyalty_rewards w WHERE w.email = c.email AND w.redeemed_booking_id IS NULL AND w.reservation_id IS NULL AND w.expires_at > ${now}) AS available,
        (SELECT min(w.expires_at) FROM loyalty_rewards w WHERE w.email = c.email AND w.redeemed_booking_id IS NULL AND w.reservation_id IS NULL AND w.expires_at > ${now}) AS "nextExpiry"
      FROM customers c
      WHERE ${needle}::text IS NULL OR strpos(c.email, ${needle}) > 0 OR strpos(lower(coalesce(c.name, '')), ${needle}) > 0
      ORDER BY rides DESC, c.email
      LIMIT ${ADMIN_CUSTOMERS_LIMIT}`;
  }
}
