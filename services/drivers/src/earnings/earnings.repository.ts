import { Injectable } from '@nestjs/common';
import { toCents } from '@limo/contracts';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';

type Tx = Prisma.TransactionClient;

export interface DayFigures {
  date: string;
  rides: number;
  earningsCents: number;
  hoursWorked: number;
}

/** The earnings ledger, rides in progress and the hours on duty per Los Angeles day. */
@Injectable()
export class EarningsRepository {
  constructor(private readonly db: PrismaClient) {}

  /**
   * Where a ride stands as of booking version `version`: applied only when newer than what is
   * stored (events of one booking may arrive out of order: two replicas of this consumer, a
   * retried batch, two relays). Returns whether it was applied.
   */
  async trackRide(tx: Tx, ride: { bookingId: number; driverId: number | null; inProgress: boolean; version: number }): Promise<boolean> {
    const applied = await tx.$executeRawUnsafe(
      `INSERT INTO ride_states (booking_id, driver_id, in_progress, version) VALUES ($1, $2, $3, $4)
       ON CONFLICT (booking_id) DO UPDATE
         SET driver_id = EXCLUDED.driver_id, in_progress = EXCLUDED.in_progress, version = EXCLUDED.version
         WHERE ride_states.version < EXCLUDED.version`,
      ride.bookingId,
      ride.driverId,
      ride.inProgress,
      ride.version,
    );
    return applied > 0;
  }

  /** The earnings recorded for a booking's ride, if any. */
  async earningOf(tx: Tx, bookingId: number): Promise<{ driverId: number; amount: string; completedAt: Date } | null> {
    const rows = await tx.$queryRawUnsafe<{ driver_id: number; amount: string; completed_at: Date }[]>(
      `SELECT driver_id, amount::text AS amount, completed_at FROM driver_earnings WHERE booking_id = $1 FOR UPDATE`,
      bookingId,
    );
    return rows[0] ? { driverId: rows[0].driver_id, amount: rows[0].amount, completedAt: rows[0].completed_at } : null;
  }

  /**
   * Records a completed ride's earnings for its driver, once per booking, counted in the
   * driver's totals and the shift it was driven in. Returns whether this call recorded it.
   */
  async record(tx: Tx, entry: { bookingId: number; driverId: number; amount: string; completedAt: Date }): Promise<boolean> {
    const inserted = await tx.$executeRawUnsafe(
      `INSERT INTO driver_earnings (booking_id, driver_id, amount, completed_at, completed_day, shift_id)
       SELECT $1, $2, $3::numeric, $4, ($4 AT TIME ZONE 'America/Los_Angeles')::date,
              (SELECT id FROM shifts WHERE driver_id = $2 AND start_time <= $4 AND (end_time IS NULL OR end_time >= $4)
               ORDER BY start_time DESC LIMIT 1)
       WHERE EXISTS (SELECT 1 FROM drivers WHERE id = $2)
       ON CONFLICT (booking_id) DO NOTHING`,
      entry.bookingId,
      entry.driverId,
      entry.amount,
      entry.completedAt,
    );
    if (inserted === 0) return false;
    await this.count(tx, entry.bookingId, 1);
    return true;
  }

  /** Takes a ride's earnings back from its driver's and shift's totals (the ride is no longer completed). */
  async withdraw(tx: Tx, bookingId: number): Promise<void> {
    await this.count(tx, bookingId, -1);
    await tx.$executeRawUnsafe(`DELETE FROM driver_earnings WHERE booking_id = $1`, bookingId);
  }

  /** Adds (1) or takes away (-1) a recorded ride in its driver's and its shift's totals. */
  private async count(tx: Tx, bookingId: number, sign: 1 | -1): Promise<void> {
    await tx.$executeRawUnsafe(
      `UPDATE drivers d SET total_rides = d.total_rides + $2, total_earnings = d.total_earnings + $2 * e.amount
       FROM driver_earnings e WHERE e.booking_id = $1 AND d.id = e.driver_id`,
      bookingId,
      sign,
    );
    await tx.$executeRawUnsafe(
      `UPDATE shifts s SET total_rides = s.total_rides + $2, total_earnings = s.total_earnings + $2 * e.amount
       FROM driver_earnings e WHERE e.booking_id = $1 AND s.id = e.shift_id`,
      bookingId,
      sign,
    );
  }

  /** Rides, earnings (cents) and hours on duty for each LA day from `from` to `to`. */
  async days(driverId: number, from: string, to: string, now = new Date()): Promise<DayFigures[]> {
    const rows = await this.db.$queryRawUnsafe<{ day: string; rides: number; cents: string; seconds: number }[]>(
      `WITH days AS (
         SELECT d::date AS day,
                (d AT TIME ZONE 'America/Los_Angeles') AS starts,
                ((d + interval '1 day') AT TIME ZONE 'America/Los_Angeles') AS ends
         FROM generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') AS d
       )
       SELECT days.day::text AS day,
              (SELECT count(*)::int FROM driver_earnings e WHERE e.driver_id = $1 AND e.completed_day = days.day) AS rides,
              (SELECT coalesce(sum(e.amount), 0)::text FROM driver_earnings e WHERE e.driver_id = $1 AND e.completed_day = days.day) AS cents,
              (SELECT coalesce(sum(extract(epoch FROM least(coalesce(s.end_time, $4), days.ends) - greatest(s.start_time, days.starts))), 0)::float8
                 FROM shifts s WHERE s.driver_id = $1 AND s.start_time < days.ends AND coalesce(s.end_time, $4) > days.starts) AS seconds
       FROM days ORDER BY days.day`,
      driverId,
      from,
      to,
      now,
    );
    return rows.map((r) => ({
      date: r.day,
      rides: r.rides,
      earningsCents: toCents(r.cents),
      hoursWorked: Math.round((Math.max(0, r.seconds) / 3600) * 10) / 10,
    }));
  }
}
