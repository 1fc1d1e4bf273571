import type { SqlExecutor } from '@limo/database';
import { AGGREGATE_TABLES, AWAITING_ANSWER, CUSTOMER_COUNTERS } from './aggregate-tables.js';

// Same rule as contributions() in booking-fact.ts, in SQL.
const COMPLETED = `status = 'completed' AND completed_day IS NOT NULL`;
const LIVE = `status <> 'cancelled'`;
const PICKED_UP = `picked_up_at IS NOT NULL AND pickup_at IS NOT NULL`;

/**
 * Recomputes every booking aggregate from booking_facts with plain GROUP BYs, replacing what
 * the tables held. Used by the rebuild (inside its swap transaction) and by the benchmark's
 * loader. Its cost grows with the number of bookings; the live path's does not.
 */
export async function recomputeBookingAggregates(tx: SqlExecutor): Promise<void> {
  for (const { table } of Object.values(AGGREGATE_TABLES)) await tx.$executeRawUnsafe(`DELETE FROM ${table}`);
  const statements = [
    `INSERT INTO booking_status_totals (status, bookings, amount_cents)
     SELECT status, count(*), sum(total_cents) FROM booking_facts GROUP BY status`,
    `INSERT INTO bookings_created_monthly (month, bookings)
     SELECT created_month, count(*) FROM booking_facts GROUP BY created_month`,
    `INSERT INTO revenue_daily (day, revenue_cents, bookings)
     SELECT completed_day, sum(total_cents), count(*) FROM booking_facts WHERE ${COMPLETED} GROUP BY completed_day`,
    `INSERT INTO revenue_monthly (month, revenue_cents, bookings)
     SELECT date_trunc('month', completed_day)::date, sum(total_cents), count(*) FROM booking_facts WHERE ${COMPLETED} GROUP BY 1`,
    `INSERT INTO customer_totals (customer_key, bookings)
     SELECT customer_key, count(*) FROM booking_facts WHERE ${LIVE} GROUP BY customer_key`,
    `INSERT INTO route_totals (pickup_location, dropoff_location, bookings, revenue_cents)
     SELECT pickup_location, dropoff_location, count(*), coalesce(sum(total_cents) FILTER (WHERE ${COMPLETED}), 0)
     FROM booking_facts WHERE ${LIVE} GROUP BY pickup_location, dropoff_location`,
    `INSERT INTO driver_performance (driver_id, completed_rides, revenue_cents, earnings_cents, pickups, on_time_pickups)
     SELECT driver_id,
            count(*) FILTER (WHERE ${COMPLETED}),
            coalesce(sum(total_cents) FILTER (WHERE ${COMPLETED}), 0),
            coalesce(sum(coalesce(driver_earnings_cents, 0)) FILTER (WHERE ${COMPLETED}), 0),
            count(*) FILTER (WHERE ${PICKED_UP}),
            count(*) FILTER (WHERE ${PICKED_UP} AND picked_up_at <= pickup_at + interval '10 minutes')
     FROM booking_facts WHERE driver_id IS NOT NULL AND (${COMPLETED} OR ${PICKED_UP}) GROUP BY driver_id`,
    `INSERT INTO vehicle_usage (vehicle_id, bookings, completed_trips, revenue_cents)
     SELECT vehicle_id, count(*), count(*) FILTER (WHERE ${COMPLETED}), coalesce(sum(total_cents) FILTER (WHERE ${COMPLETED}), 0)
     FROM booking_facts WHERE ${LIVE} AND vehicle_id IS NOT NULL GROUP BY vehicle_id`,
    `INSERT INTO vehicle_monthly_trips (month, vehicle_id, completed_trips)
     SELECT date_trunc('month', completed_day)::date, vehicle_id, count(*) FROM booking_facts
     WHERE ${COMPLETED} AND vehicle_id IS NOT NULL GROUP BY 1, 2`,
    `INSERT INTO report_counters (name, value)
     SELECT '${AWAITING_ANSWER}', count(*) FROM booking_facts WHERE awaiting_answer HAVING count(*) > 0`,
    ...Object.entries(CUSTOMER_COUNTERS).map(
      ([name, threshold]) => `INSERT INTO report_counters (name, value)
       SELECT '${name}', count(*) FROM customer_totals WHERE bookings >= ${threshold} HAVING count(*) > 0`,
    ),
  ];
  for (const sql of statements) await tx.$executeRawUnsafe(sql);
}
