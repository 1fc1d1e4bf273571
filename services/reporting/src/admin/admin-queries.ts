import {
  MONTH_NAMES,
  fromCents,
  type AdminNotifications,
  type AdminStats,
  type FlightAlertNotice,
  type DailyRevenue,
  type MonthlyRevenue,
  type RevenueSummary,
  type SettlementNotice,
} from '@limo/contracts';
import type { SqlExecutor } from '@limo/database';
import { addDays, addMonths, daysInMonth, laDate, monthKey, monthStart } from '../calendar/los-angeles.js';
import { average, growthPercentage } from './money-math.js';
import { AWAITING_ANSWER } from '../projections/aggregate-tables.js';
import { recentRegistrationAlerts } from '../drivers/registration-alerts.js';

/*
 * Every query here reads a handful of aggregate rows (at most one per day of a month or per
 * month of a year, five status rows, the drivers): none of them looks at bookings one by one.
 */

interface StatusRow {
  status: string;
  bookings: number;
  amount_cents: number;
}

async function statusTotals(db: SqlExecutor): Promise<Map<string, StatusRow>> {
  const rows = await db.$queryRawUnsafe<StatusRow[]>(
    `SELECT status, bookings::int AS bookings, amount_cents::float8 AS amount_cents FROM booking_status_totals`,
  );
  return new Map(rows.map((r) => [r.status, r]));
}

export async function adminStats(db: SqlExecutor, now = new Date()): Promise<AdminStats> {
  const [totals, [created], [drivers]] = await Promise.all([
    statusTotals(db),
    db.$queryRawUnsafe<{ bookings: number }[]>(
      `SELECT coalesce(sum(bookings), 0)::int AS bookings FROM bookings_created_monthly WHERE month = $1::date`,
      monthStart(laDate(now)),
    ),
    db.$queryRawUnsafe<{ active: number; total: number }[]>(
      `SELECT count(*) FILTER (WHERE is_active AND is_on_duty)::int AS active, count(*) FILTER (WHERE is_active)::int AS total FROM driver_facts`,
    ),
  ]);
  const completed = totals.get('completed');
  return {
    totalBookings: [...totals.values()].reduce((sum, r) => sum + r.bookings, 0),
    bookingsThisMonth: created.bookings,
    totalRevenue: fromCents(completed?.amount_cents ?? 0),
    completedBookings: completed?.bookings ?? 0,
    activeDrivers: drivers.active,
    totalDrivers: drivers.total,
    pendingRequests: totals.get('pending')?.bookings ?? 0,
  };
}

/** Declines and missed deadlines stay on the dashboard for a day, while their ride still needs a driver. */
const ALERT_WINDOW_HOURS = 24;

/**
 * The bell: pending requests that need a driver (those whose driver has yet to answer need
 * nothing), from two aggregate rows; the rides a driver declined or let expire that are still
 * waiting for another driver; the last day's pauses of driver registrations; and the upcoming
 * rides whose flight needs the admin.
 */
export async function adminNotifications(db: SqlExecutor, now = new Date()): Promise<AdminNotifications> {
  const [[pending], [awaiting], alerts, registrations, flights, settlements] = await Promise.all([
    db.$queryRawUnsafe<{ bookings: number }[]>(`SELECT coalesce(sum(bookings), 0)::int AS bookings FROM booking_status_totals WHERE status = 'pending'`),
    db.$queryRawUnsafe<{ value: number }[]>(`SELECT coalesce(sum(value), 0)::int AS value FROM report_counters WHERE name = $1`, AWAITING_ANSWER),
    db.$queryRawUnsafe<{ booking_id: number; reference: string; kind: 'declined' | 'expired'; driver_id: number; driver_name: string | null; at: Date }[]>(
      `SELECT a.booking_id, a.reference, a.response AS kind, a.driver_id, a.responded_at AS at,
              nullif(trim(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')), '') AS driver_name
       FROM assignment_facts a
       JOIN booking_facts b ON b.booking_id = a.booking_id AND b.status = 'pending' AND NOT b.awaiting_answer
       LEFT JOIN driver_facts d ON d.driver_id = a.driver_id
       WHERE a.response IN ('declined', 'expired') AND a.responded_at > $1
       ORDER BY a.responded_at DESC LIMIT 20`,
      new Date(now.getTime() - ALERT_WINDOW_HOURS * 3_600_000),
    ),
    recentRegistrationAlerts(db, now),
    flightAlerts(db, now),
    settlementsToReview(db),
  ]);
  return {
    count: Math.max(0, pending.bookings - awaiting.value),
    alerts: alerts.map((a) => ({ bookingId: a.booking_id, reference: a.reference, kind: a.kind, driverId: a.driver_id, driverName: a.driver_name, at: a.at.toISOString() })),
    registrations,
    flights,
    settlements,
  };
}

const SETTLEMENTS_SHOWN = 50;

/** Completed rides whose final price waits for a review, oldest first (the partial index booking_facts_settlement_to_review_idx). */
async function settlementsToReview(db: SqlExecutor): Promise<SettlementNotice[]> {
  const rows = await db.$queryRawUnsafe<{ booking_id: number; reference: string; total_cents: string; completed_at: Date }[]>(
    `SELECT booking_id, reference, total_cents::text AS total_cents, completed_at
     FROM booking_facts
     WHERE settlement_status = 'to-review' AND status = 'completed'
     ORDER BY completed_at, booking_id LIMIT ${SETTLEMENTS_SHOWN}`,
  );
  return rows.map((r) => ({ bookingId: r.booking_id, reference: r.reference, finalAmount: fromCents(Number(r.total_cents)), completedAt: r.completed_at.toISOString() }));
}

/** Flight alerts stay while their ride is still to come (and neither cancelled nor started: the poll no longer follows it). */
const FLIGHT_ALERT_STATUSES = ['pending', 'confirmed'];
const FLIGHT_ALERTS_SHOWN = 50;

/** The upcoming rides with an open flight alert, soonest pickup first (the partial index booking_facts_flight_alert_idx). */
async function flightAlerts(db: SqlExecutor, now: Date): Promise<FlightAlertNotice[]> {
  const rows = await db.$queryRawUnsafe<{ booking_id: number; reference: string; kind: FlightAlertNotice['kind']; detail: string | null; at: Date; pickup_at: Date }[]>(
    `SELECT booking_id, reference, flight_alert AS kind, flight_alert_detail AS detail, flight_alert_at AS at, pickup_at
     FROM booking_facts
     WHERE flight_alert IS NOT NULL AND pickup_at >= $1 AND status = ANY($2::text[])
     ORDER BY pickup_at, booking_id LIMIT ${FLIGHT_ALERTS_SHOWN}`,
    now,
    FLIGHT_ALERT_STATUSES,
  );
  return rows.map((r) => ({ bookingId: r.booking_id, reference: r.reference, kind: r.kind, detail: r.detail ?? '', at: r.at.toISOString(), pickupAt: r.pickup_at.toISOString() }));
}

interface RevenueRow {
  key: string;
  revenue_cents: number;
  bookings: number;
}

async function revenueRows(db: SqlExecutor, table: 'revenue_daily' | 'revenue_monthly', from: string, to: string): Promise<Map<string, RevenueRow>> {
  const column = table === 'revenue_daily' ? 'day' : 'month';
  const rows = await db.$queryRawUnsafe<RevenueRow[]>(
    `SELECT ${column}::text AS key, revenue_cents::float8 AS revenue_cents, bookings::int AS bookings
     FROM ${table} WHERE ${column} BETWEEN $1::date AND $2::date`,
    from,
    to,
  );
  return new Map(rows.map((r) => [r.key, r]));
}

const figure = (row: RevenueRow | undefined) => {
  const cents = row?.revenue_cents ?? 0;
  const count = row?.bookings ?? 0;
  return { totalRevenue: fromCents(cents), bookingsCount: count, averageBookingValue: average(cents, count) };
};

function currentMonth(now: Date): { year: number; month: number } {
  const [year, month] = laDate(now).split('-').map(Number);
  return { year, month };
}

/**
 * Every day of the month (Los Angeles) up to today, days without completed bookings at zero:
 * days still to come are not results, so a month that has not begun has none.
 */
export async function dailyRevenue(db: SqlExecutor, query: { month?: number; year?: number }, now = new Date()): Promise<DailyRevenue[]> {
  const current = currentMonth(now);
  const year = query.year ?? current.year;
  const month = query.month ?? current.month;
  const first = monthKey(year, month);
  const today = laDate(now);
  const monthEnd = addDays(first, daysInMonth(year, month) - 1);
  const last = monthEnd < today ? monthEnd : today;
  if (last < first) return [];
  const rows = await revenueRows(db, 'revenue_daily', first, last);
  const count = Number(last.slice(8, 10));
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(first, i);
    return { date, ...figure(rows.get(date)) };
  });
}

/**
 * January to December of the year, each with its growth against the month before; months still
 * to come are not results (this year's list ends with this month, a later year's is empty).
 */
export async function monthlyRevenue(db: SqlExecutor, query: { year?: number }, now = new Date()): Promise<MonthlyRevenue[]> {
  const thisMonth = currentMonth(now);
  const year = query.year ?? thisMonth.year;
  const months = year < thisMonth.year ? 12 : year === thisMonth.year ? thisMonth.month : 0;
  if (months === 0) return [];
  const rows = await revenueRows(db, 'revenue_monthly', monthKey(year - 1, 12), monthKey(year, months));
  return MONTH_NAMES.slice(0, months).map((name, i) => {
    const key = monthKey(year, i + 1);
    const current = rows.get(key);
    const previous = rows.get(addMonths(key, -1));
    return {
      month: name,
      year,
      ...figure(current),
      growthPercentage: growthPercentage(current?.revenue_cents ?? 0, previous?.revenue_cents ?? 0),
    };
  });
}

export async function revenueSummary(db: SqlExecutor, now = new Date()): Promise<RevenueSummary> {
  const today = laDate(now);
  const yesterday = addDays(today, -1);
  const thisMonth = monthStart(today);
  const lastMonth = addMonths(thisMonth, -1);
  const [days, months, first] = await Promise.all([
    revenueRows(db, 'revenue_daily', yesterday, today),
    revenueRows(db, 'revenue_monthly', lastMonth, thisMonth),
    db.$queryRawUnsafe<{ year: number | null }[]>(`SELECT extract(year FROM min(created_at) AT TIME ZONE 'America/Los_Angeles')::int AS year FROM booking_facts`),
  ]);
  const monthLabel = (key: string) => ({ month: MONTH_NAMES[Number(key.slice(5, 7)) - 1], year: Number(key.slice(0, 4)) });
  return {
    today: { date: today, ...figure(days.get(today)) },
    yesterday: { date: yesterday, ...figure(days.get(yesterday)) },
    thisMonth: { ...monthLabel(thisMonth), ...figure(months.get(thisMonth)) },
    lastMonth: { ...monthLabel(lastMonth), ...figure(months.get(lastMonth)) },
    firstYear: first[0]?.year ?? null,
  };
}
