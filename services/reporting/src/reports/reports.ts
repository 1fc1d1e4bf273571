import { fromCents, type AdminReports, type ReportCsv, type ReportName } from '@limo/contracts';
import type { SqlExecutor } from '@limo/database';
import { addMonths, laDate, monthStart } from '../calendar/los-angeles.js';
import { average } from '../admin/money-math.js';
import { monthlyRevenue } from '../admin/admin-queries.js';
import { toCsv } from '@limo/contracts/common/csv';

const TOP = 10;

const num = (v: unknown) => Number(v ?? 0);

/** Part of a whole in percent with one decimal; null when the whole is zero. */
const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/**
 * Each driver's assignments: how many, accepted, decided (accepted, declined or expired: the
 * acceptance rate's whole) and the mean seconds to answer. One row per assignment: small.
 */
const ANSWERS_BY_DRIVER = `SELECT driver_id, count(*)::int AS assignments,
    count(*) FILTER (WHERE response = 'accepted')::int AS accepted,
    count(*) FILTER (WHERE response IN ('accepted', 'declined', 'expired'))::int AS decided,
    avg(extract(epoch FROM responded_at - assigned_at)) FILTER (WHERE response IN ('accepted', 'declined'))::float8 AS response_seconds
  FROM assignment_facts GROUP BY driver_id`;

/** The Reports page, from the aggregates (top lists read through their indexes, never all bookings). */
export async function adminReports(db: SqlExecutor, now = new Date()): Promise<AdminReports> {
  const thisMonth = monthStart(laDate(now));
  const lastMonth = addMonths(thisMonth, -1);
  const yearStart = `${thisMonth.slice(0, 4)}-01-01`;
  const [[months], [completed], counters, [fleet], drivers, routes, vehicles, [dispatch]] = await Promise.all([
    db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT coalesce(sum(revenue_cents) FILTER (WHERE month = $1::date), 0)::float8 AS this_month,
              coalesce(sum(bookings) FILTER (WHERE month = $1::date), 0)::int AS this_month_trips,
              coalesce(sum(revenue_cents) FILTER (WHERE month = $2::date), 0)::float8 AS last_month,
              coalesce(sum(revenue_cents) FILTER (WHERE month >= $3::date AND month <= $1::date), 0)::float8 AS ytd
       FROM revenue_monthly WHERE month >= least($2::date, $3::date) AND month <= $1::date`,
      thisMonth,
      lastMonth,
      yearStart,
    ),
    db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT coalesce(sum(bookings), 0)::int AS trips, coalesce(sum(amount_cents), 0)::float8 AS revenue
       FROM booking_status_totals WHERE status = 'completed'`,
    ),
    db.$queryRawUnsafe<{ name: string; value: number }[]>(`SELECT name, value::float8 AS value FROM report_counters`),
    db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT count(*)::int AS active,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM vehicle_monthly_trips t
                WHERE t.month = $1::date AND t.vehicle_id = v.vehicle_id AND t.completed_trips > 0))::int AS used
       FROM fleet_vehicles v WHERE v.is_active`,
      thisMonth,
    ),
    db.$queryRawUnsafe<Record<string, unknown>[]>(
      `WITH answers AS (${ANSWERS_BY_DRIVER})
       SELECT coalesce(p.driver_id, a.driver_id) AS driver_id, coalesce(p.completed_rides, 0) AS completed_rides,
              coalesce(p.revenue_cents, 0)::float8 AS revenue_cents, coalesce(p.earnings_cents, 0)::float8 AS earnings_cents,
              coalesce(p.pickups, 0) AS pickups, coalesce(p.on_time_pickups, 0) AS on_time_pickups,
              coalesce(a.assignments, 0) AS assignments, coalesce(a.accepted, 0) AS accepted, coalesce(a.decided, 0) AS decided,
              a.response_seconds, d.first_name, d.last_name, d.username, d.rating
       FROM driver_performance p FULL JOIN answers a ON a.driver_id = p.driver_id
       LEFT JOIN driver_facts d ON d.driver_id = coalesce(p.driver_id, a.driver_id)
       ORDER BY completed_rides DESC, revenue_cents DESC, assignments DESC, driver_id LIMIT ${TOP}`,
    ),
    db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT pickup_location, dropoff_location, bookings, revenue_cents::float8 AS revenue_cents FROM route_totals
       ORDER BY bookings DESC, revenue_cents DESC, pickup_location, dropoff_location LIMIT ${TOP}`,
    ),
    db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT u.vehicle_id, u.bookings, u.completed_trips, u.revenue_cents::float8 AS revenue_cents, f.name, f.category
       FROM vehicle_usage u LEFT JOIN fleet_vehicles f ON f.vehicle_id = u.vehicle_id
       ORDER BY u.bookings DESC, u.vehicle_id LIMIT ${TOP * 2}`,
    ),
    db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT (SELECT coalesce(sum(pickups), 0) FROM driver_performance)::int AS pickups,
              (SELECT coalesce(sum(on_time_pickups), 0) FROM driver_performance)::int AS on_time,
              (SELECT avg(extract(epoch FROM responded_at - assigned_at)) FROM assignment_facts
                WHERE response IN ('accepted', 'declined') AND responded_at IS NOT NULL)::float8 AS response_seconds`,
    ),
  ]);
  const counter = (name: string) => num(counters.find((c) => c.name === name)?.value);
  const customers = counter('customers');
  const returning = counter('returning_customers');
  const trips = num(completed.trips);
  const activeVehicles = num(fleet.active);
  return {
    generatedAt: now.toISOString(),
    summary: {
      monthlyRevenue: fromCents(num(months.this_month)),
      completedTrips: trips,
      completedTripsThisMonth: num(months.this_month_trips),
      activeCustomers: customers,
      fleetUtilization: activeVehicles === 0 ? null : Math.round((num(fleet.used) / activeVehicles) * 1000) / 10,
    },
    revenue: {
      thisMonth: fromCents(num(months.this_month)),
      lastMonth: fromCents(num(months.last_month)),
      yearToDate: fromCents(num(months.ytd)),
    },
    driverPerformance: drivers.map((d) => ({
      driverId: num(d.driver_id),
      name: d.first_name ? `${d.first_name} ${d.last_name}` : `Driver #${d.driver_id}`,
      username: (d.username as string | null) ?? null,
      completedRides: num(d.completed_rides),
      revenue: fromCents(num(d.revenue_cents)),
      rating: (d.rating as string | null) ?? null,
      assignments: num(d.assignments),
      accepted: num(d.accepted),
      acceptanceRate: percent(num(d.accepted), num(d.decided)),
      averageResponseSeconds: d.response_seconds === null || d.response_seconds === undefined ? null : Math.round(num(d.response_seconds)),
      onTimePickups: num(d.on_time_pickups),
      pickups: num(d.pickups),
      earnings: fromCents(num(d.earnings_cents)),
    })),
    popularRoutes: routes.map((r) => ({
      pickupLocation: String(r.pickup_location),
      dropoffLocation: r.dropoff_location ? String(r.dropoff_location) : null,
      bookings: num(r.bookings),
      revenue: fromCents(num(r.revenue_cents)),
    })),
    customers: {
      newCustomers: customers - returning,
      returningCustomers: returning,
      averageTripValue: trips === 0 ? null : average(num(completed.revenue), trips),
    },
    vehicleUsage: vehicles.map((v) => ({
      vehicleId: num(v.vehicle_id),
      name: (v.name as string | null) || null,
      category: (v.category as string | null) ?? null,
      bookings: num(v.bookings),
      completedTrips: num(v.completed_trips),
      revenue: fromCents(num(v.revenue_cents)),
    })),
    // Nothing records customers' ratings yet: satisfaction stays "No data".
    performance: {
      onTimePerformance: percent(num(dispatch.on_time), num(dispatch.pickups)),
      customerSatisfaction: null,
      averageResponseTime: dispatch.response_seconds === null ? null : Math.round(num(dispatch.response_seconds)),
    },
  };
}

const NO_DATA = 'No data';
/** A ratio with nothing to divide by: an average of no bookings, growth from a month without revenue. */
const NOT_APPLICABLE = 'n/a';

/** One Download Report button's file. */
export async function reportCsv(db: SqlExecutor, report: ReportName, now = new Date()): Promise<ReportCsv> {
  const today = laDate(now);
  const filename = `${report}-report-${today}.csv`;
  if (report === 'revenue') {
    const year = Number(today.slice(0, 4));
    const months = await monthlyRevenue(db, { year }, now);
    const data = await adminReports(db, now);
    const content = toCsv(
      ['Period', 'Total Revenue', 'Completed Bookings', 'Average Booking Value', 'Growth %'],
      [
        ...months.map((m) => [
          `${m.month} ${m.year}`,
          m.totalRevenue,
          m.bookingsCount,
          m.bookingsCount === 0 ? NOT_APPLICABLE : m.averageBookingValue,
          m.growthPercentage ?? NOT_APPLICABLE,
        ]),
        ['This Month', data.revenue.thisMonth, null, null, null],
        ['Last Month', data.revenue.lastMonth, null, null, null],
        ['YTD Total', data.revenue.yearToDate, null, null, null],
      ],
    );
    return { filename, content };
  }
  const data = await adminReports(db, now);
  switch (report) {
    case 'driver-performance':
      return {
        filename,
        content: toCsv(
          ['Driver', 'Username', 'Completed Rides', 'Revenue', 'Rating', 'Assignments', 'Acceptance %', 'Avg. Response Seconds', 'On-Time Pickups', 'Pickups', 'Earnings'],
          data.driverPerformance.map((d) => [
            d.name,
            d.username,
            d.completedRides,
            d.revenue,
            d.rating,
            d.assignments,
            d.acceptanceRate ?? NO_DATA,
            d.averageResponseSeconds ?? NO_DATA,
            d.onTimePickups,
            d.pickups,
            d.earnings,
          ]),
        ),
      };
    case 'popular-routes':
      return {
        filename,
        content: toCsv(
          ['Pickup', 'Drop-off', 'Bookings', 'Revenue'],
          data.popularRoutes.map((r) => [r.pickupLocation, r.dropoffLocation ?? 'Hourly', r.bookings, r.revenue]),
        ),
      };
    case 'customer-analytics':
      return {
        filename,
        content: toCsv(
          ['Metric', 'Value'],
          [
            ['New Customers', data.customers.newCustomers],
            ['Returning Customers', data.customers.returningCustomers],
            ['Active Customers', data.summary.activeCustomers],
            ['Avg. Trip Value', data.customers.averageTripValue ?? NO_DATA],
          ],
        ),
      };
    case 'vehicle-usage':
      return {
        filename,
        content: toCsv(
          ['Vehicle', 'Category', 'Bookings', 'Completed Trips', 'Revenue'],
          data.vehicleUsage.map((v) => [v.name ?? `Vehicle #${v.vehicleId}`, v.category, v.bookings, v.completedTrips, v.revenue]),
        ),
      };
    case 'performance-metrics':
      return {
        filename,
        content: toCsv(
          ['Metric', 'Value'],
          [
            ['On-Time Performance', data.performance.onTimePerformance === null ? NO_DATA : `${data.performance.onTimePerformance}%`],
            ['Customer Satisfaction', data.performance.customerSatisfaction ?? NO_DATA],
            ['Avg. Response Time', data.performance.averageResponseTime === null ? NO_DATA : `${data.performance.averageResponseTime} s`],
            ['Fleet Utilization', data.summary.fleetUtilization === null ? NO_DATA : `${data.summary.fleetUtilization}%`],
          ],
        ),
      };
  }
}
