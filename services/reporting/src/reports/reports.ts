import { fromCents, type AdminReports, type ReportCsv, type ReportName } from '@limo/contracts';
import type { SqlExecutor } from '@limo/database';
import { addMonths, laDate, monthStart } from '../calendar/los-angeles.js';
import { average } from '../admin/money-math.js';
import { monthlyRevenue } from '../admin/admin-queries.js';
import { toCsv } from './csv.js';

const TOP = 10;

const num = (v: unknown) => Number(v ?? 0);

/** The Reports page, from the aggregates (top lists read through their indexes, never all bookings). */
export async function adminReports(db: SqlExecutor, now = new Date()): Promise<AdminReports> {
  const thisMonth = monthStart(laDate(now));
  const lastMonth = addMonths(thisMonth, -1);
  const yearStart = `${thisMonth.slice(0, 4)}-01-01`;
  const [[months], [completed], counters, [fleet], drivers, routes, vehicles] = await Promise.all([
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
      `SELECT p.driver_id, p.completed_rides, p.revenue_cents::float8 AS revenue_cents, d.first_name, d.last_name, d.username, d.rating
       FROM driver_performance p LEFT JOIN driver_facts d ON d.driver_id = p.driver_id
       ORDER BY p.completed_rides DESC, p.revenue_cents DESC, p.driver_id LIMIT ${TOP}`,
    ),
    db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT pickup_location, dropoff_location, bookings, revenue_cents::float8 AS revenue_cents FROM route_totals
       ORDER BY bookings DESC, pickup_location, dropoff_location LIMIT ${TOP}`,
    ),
    db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT u.vehicle_id, u.bookings, u.completed_trips, u.revenue_cents::float8 AS revenue_cents, f.name, f.category
       FROM vehicle_usage u LEFT JOIN fleet_vehicles f ON f.vehicle_id = u.vehicle_id
       ORDER BY u.bookings DESC, u.vehicle_id LIMIT ${TOP * 2}`,
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
    // Nothing records punctuality, ratings by customers or assignment response times yet.
    performance: { onTimePerformance: null, customerSatisfaction: null, averageResponseTime: null },
  };
}

const NO_DATA = 'No data';

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
        ...months.map((m) => [`${m.month} ${m.year}`, m.totalRevenue, m.bookingsCount, m.averageBookingValue, m.growthPercentage]),
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
          ['Driver', 'Username', 'Completed Rides', 'Revenue', 'Rating'],
          data.driverPerformance.map((d) => [d.name, d.username, d.completedRides, d.revenue, d.rating]),
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
            ['On-Time Performance', data.performance.onTimePerformance ?? NO_DATA],
            ['Customer Satisfaction', data.performance.customerSatisfaction ?? NO_DATA],
            ['Avg. Response Time', data.performance.averageResponseTime ?? NO_DATA],
            ['Fleet Utilization', data.summary.fleetUtilization === null ? NO_DATA : `${data.summary.fleetUtilization}%`],
          ],
        ),
      };
  }
}
