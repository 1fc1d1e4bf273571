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

  async rideStarted(tx: Tx, bookingId: number, driverId: number, at: Date): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO active_rides (booking_id, driver_id, since) VALUES ($1, $2, $3) ON CONFLICT (booking_id) DO NOTHING`,
      bookingId,
      driverId,
      at,
    );
  }

  async rideEnded(tx: Tx, bookingId: number): Promise<void> {
    await tx.$executeRawUnsafe(`DELETE FROM active_rides WHERE booking_id = $1`, bookingId);
  }

  /**
   * Records a completed ride's earnings for its driver, once per booking; the first completion
   * wins and is never moved. Returns whether this call recorded it.
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
    // The ride counts in the driver's totals and in the shift it was driven in.
    await tx.$executeRawUnsafe(`UPDATE drivers SET total_rides = total_rides + 1, total_earnings = total_earnings + $2::numeric WHERE id = $1`, entry.driverId, entry.amount);
    await tx.$executeRawUnsafe(
      `UPDATE shifts SET total_rides = total_rides + 1, total_earnings = total_earnings + $2::numeric
       WHERE id = (SELECT shift_id FROM driver_earnings WHERE booking_id = $1)`,
      entry.bookingId,
      entry.amount,
    );
    return true;
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
