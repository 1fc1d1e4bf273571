import type { SqlExecutor } from '@limo/database';
import type { BookingFact } from './booking-fact.js';

const COLUMNS = `booking_id, version, status, total_cents, created_at, created_month, completed_at, completed_day,
  customer_key, pickup_location, dropoff_location, driver_id, vehicle_id, awaiting_answer, driver_earnings_cents, pickup_at, picked_up_at,
  reference, flight_alert, flight_alert_detail, flight_alert_at, settlement_status`;

/** The facts of these bookings (those that have one), by booking id, in one statement. */
export async function readFacts(tx: SqlExecutor, bookingIds: number[], table = 'booking_facts'): Promise<Map<number, BookingFact>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT booking_id, version, status, total_cents::text AS total_cents, created_at, created_month::text AS created_month,
            completed_at, completed_day::text AS completed_day, customer_key, pickup_location, dropoff_location, driver_id, vehicle_id,
            awaiting_answer, driver_earnings_cents::text AS driver_earnings_cents, pickup_at, picked_up_at,
            reference, flight_alert, flight_alert_detail, flight_alert_at, settlement_status
     FROM ${table} WHERE booking_id = ANY($1::int[])`,
    bookingIds,
  );
  return new Map(rows.map((r) => [Number(r.booking_id), toFact(r)]));
}

function toFact(r: Record<string, unknown>): BookingFact {
  return {
    bookingId: Number(r.booking_id),
    version: Number(r.version),
    status: String(r.status),
    totalCents: Number(r.total_cents),
    createdAt: new Date(r.created_at as string).toISOString(),
    createdMonth: String(r.created_month),
    completedAt: r.completed_at ? new Date(r.completed_at as string).toISOString() : null,
    completedDay: (r.completed_day as string | null) ?? null,
    customerKey: String(r.customer_key),
    pickupLocation: String(r.pickup_location),
    dropoffLocation: String(r.dropoff_location),
    driverId: r.driver_id === null ? null : Number(r.driver_id),
    vehicleId: r.vehicle_id === null ? null : Number(r.vehicle_id),
    awaitingAnswer: Boolean(r.awaiting_answer),
    driverEarningsCents: r.driver_earnings_cents === null ? null : Number(r.driver_earnings_cents),
    pickupAt: r.pickup_at ? new Date(r.pickup_at as string).toISOString() : null,
    pickedUpAt: r.picked_up_at ? new Date(r.picked_up_at as string).toISOString() : null,
    reference: String(r.reference),
    flightAlert: (r.flight_alert as string | null) ?? null,
    flightAlertDetail: (r.flight_alert_detail as string | null) ?? null,
    flightAlertAt: r.flight_alert_at ? new Date(r.flight_alert_at as string).toISOString() : null,
    settlementStatus: (r.settlement_status as string | null) ?? null,
  };
}

/** Inserts or replaces facts in bulk (one statement per batch), into the live table or a staging one. */
export async function writeFacts(tx: SqlExecutor, facts: BookingFact[], table = 'booking_facts'): Promise<void> {
  if (facts.length === 0) return;
  const col = <K extends keyof BookingFact>(k: K) => facts.map((f) => f[k]);
  await tx.$executeRawUnsafe(
    `INSERT INTO ${table} (${COLUMNS})
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::bigint[], $5::timestamptz[], $6::date[], $7::timestamptz[],
                          $8::date[], $9::text[], $10::text[], $11::text[], $12::int[], $13::int[], $14::bool[], $15::bigint[],
                          $16::timestamptz[], $17::timestamptz[], $18::text[], $19::text[], $20::text[], $21::timestamptz[], $22::text[])
     ON CONFLICT (booking_id) DO UPDATE SET
       version = EXCLUDED.version, status = EXCLUDED.status, total_cents = EXCLUDED.total_cents,
       created_at = EXCLUDED.created_at, created_month = EXCLUDED.created_month, completed_at = EXCLUDED.completed_at,
       completed_day = EXCLUDED.completed_day, customer_key = EXCLUDED.customer_key, pickup_location = EXCLUDED.pickup_location,
       dropoff_location = EXCLUDED.dropoff_location, driver_id = EXCLUDED.driver_id, vehicle_id = EXCLUDED.vehicle_id,
       awaiting_answer = EXCLUDED.awaiting_answer, driver_earnings_cents = EXCLUDED.driver_earnings_cents,
       pickup_at = EXCLUDED.pickup_at, picked_up_at = EXCLUDED.picked_up_at, reference = EXCLUDED.reference,
       flight_alert = EXCLUDED.flight_alert, flight_alert_detail = EXCLUDED.flight_alert_detail, flight_alert_at = EXCLUDED.flight_alert_at,
       settlement_status = EXCLUDED.settlement_status`,
    col('bookingId'),
    col('version'),
    col('status'),
    col('totalCents').map(String),
    col('createdAt'),
    col('createdMonth'),
    col('completedAt'),
    col('completedDay'),
    col('customerKey'),
    col('pickupLocation'),
    col('dropoffLocation'),
    col('driverId'),
    col('vehicleId'),
    col('awaitingAnswer'),
    col('driverEarningsCents').map((c) => (c === null ? null : String(c))),
    col('pickupAt'),
    col('pickedUpAt'),
    col('reference'),
    col('flightAlert'),
    col('flightAlertDetail'),
    col('flightAlertAt'),
    col('settlementStatus'),
  );
}
