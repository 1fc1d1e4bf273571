import { z } from 'zod';
import { MONTH_NAMES } from '../common/business-time.js';
import { wholeNumberText } from '../common/field-rules.js';
import { FlightAlert } from '../booking/flight.js';

/*
 * The admin back office's read models, all served by the reporting service from its
 * projections (their cost does not grow with the number of bookings). Days and months are Los
 * Angeles ones. Revenue = totalAmount of completed bookings, on the day of completion
 * (decisions.md); "bookingsCount" in the revenue rows counts those completed bookings.
 * Vehicle create/update bodies are in fleet.ts; driver shapes in drivers.ts.
 */

/**
 * An exact sum of money as a two-decimal string. Wider than `Money` (one booking, decimal(10,2)):
 * the business's totals pass 99,999,999.99 long before anything else strains.
 */
export const MoneyTotal = z.string().regex(/^-?\d{1,13}\.\d{2}$/, 'Amount must have exactly two decimals');
export type MoneyTotal = z.infer<typeof MoneyTotal>;

/** GET /api/admin/stats: the dashboard's four stat cards. */
export const AdminStats = z.object({
  /** Every booking ever made, any status. */
  totalBookings: z.number().int().nonnegative(),
  /** Bookings created in the current Los Angeles month. */
  bookingsThisMonth: z.number().int().nonnegative(),
  /** Sum of totalAmount over completed bookings. */
  totalRevenue: MoneyTotal,
  /** Completed trips (bookings with status completed). */
  completedBookings: z.number().int().nonnegative(),
  /** Approved drivers on duty. */
  activeDrivers: z.number().int().nonnegative(),
  /** Approved drivers (isActive), on duty or not. */
  totalDrivers: z.number().int().nonnegative(),
  /** Bookings with status pending. */
  pendingRequests: z.number().int().nonnegative(),
});
export type AdminStats = z.infer<typeof AdminStats>;

/** A driver's answer the admin must act on: a declined ride or a missed deadline (back to pending). */
export const DispatchAlert = z.object({
  bookingId: z.number().int().positive(),
  reference: z.string(),
  kind: z.enum(['declined', 'expired']),
  driverId: z.number().int().positive(),
  driverName: z.string().nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type DispatchAlert = z.infer<typeof DispatchAlert>;

/** Public driver registrations hit their hourly limit: new applications were refused until `until`. */
export const RegistrationAlert = z.object({
  perHour: z.number().int().positive(),
  at: z.iso.datetime({ offset: true }),
  until: z.iso.datetime({ offset: true }),
});
export type RegistrationAlert = z.infer<typeof RegistrationAlert>;

/** An upcoming airport ride whose flight needs the admin (FlightAlert of the booking), while it is open. */
export const FlightAlertNotice = FlightAlert.extend({
  bookingId: z.number().int().positive(),
  reference: z.string(),
  /** The ride's pickup instant. */
  pickupAt: z.iso.datetime({ offset: true }),
});
export type FlightAlertNotice = z.infer<typeof FlightAlertNotice>;

/** A completed ride whose final price waits for an admin's review (approve or adjust), then the receipt. */
export const SettlementNotice = z.object({
  bookingId: z.number().int().positive(),
  reference: z.string(),
  /** The settled final amount (quote + wait + extras), as counted in revenue. */
  finalAmount: MoneyTotal,
  completedAt: z.iso.datetime({ offset: true }),
});
export type SettlementNotice = z.infer<typeof SettlementNotice>;

/**
 * GET /api/admin/notifications: the bell's count, the pending requests that need a driver (not
 * those whose driver has yet to answer), the declines and missed deadlines of the last day, the
 * times of the last day that driver registrations hit their hourly limit, and the upcoming rides
 * with an open flight alert (soonest pickup first; not in `count`), and the completed rides whose
 * final price is to review (oldest first; not in `count`).
 */
export const AdminNotifications = z.object({
  count: z.number().int().nonnegative(),
  alerts: z.array(DispatchAlert).default([]),
  registrations: z.array(RegistrationAlert).default([]),
  flights: z.array(FlightAlertNotice).default([]),
  settlements: z.array(SettlementNotice).default([]),
});
export type AdminNotifications = z.infer<typeof AdminNotifications>;

/** Spec entity "Daily revenue"; one row per day of the month asked for, days without revenue at 0.00. */
export const DailyRevenue = z.object({
  /** YYYY-MM-DD (Los Angeles). */
  date: z.string(),
  totalRevenue: MoneyTotal,
  bookingsCount: z.number().int().nonnegative(),
  /** totalRevenue / bookingsCount, 0.00 when there were none. */
  averageBookingValue: MoneyTotal,
});
export type DailyRevenue = z.infer<typeof DailyRevenue>;

/** Spec entity "Monthly revenue"; 12 rows (January to December) for the year asked for. */
export const MonthlyRevenue = z.object({
  /** Full English month name. */
  month: z.enum(MONTH_NAMES),
  year: z.number().int(),
  totalRevenue: MoneyTotal,
  bookingsCount: z.number().int().nonnegative(),
  averageBookingValue: MoneyTotal,
  /**
   * Change of totalRevenue against the month before (January against the previous December),
   * in percent with one decimal; null when the month before had no revenue.
   */
  growthPercentage: z.number().nullable(),
});
export type MonthlyRevenue = z.infer<typeof MonthlyRevenue>;

const monthMessage = 'month must be a whole number from 1 to 12';
const yearMessage = 'year must be a whole number from 2000 to 2100';

/** GET /api/admin/revenue/daily query: month 1-12 and year; either left out means the current one. */
export const DailyRevenueQuery = z
  .object({ month: wholeNumberText(1, 12, monthMessage).optional(), year: wholeNumberText(2000, 2100, yearMessage).optional() })
  .strict();
export type DailyRevenueQuery = z.infer<typeof DailyRevenueQuery>;

/** GET /api/admin/revenue/monthly query: year; left out means the current one. */
export const MonthlyRevenueQuery = z.object({ year: wholeNumberText(2000, 2100, yearMessage).optional() }).strict();
export type MonthlyRevenueQuery = z.infer<typeof MonthlyRevenueQuery>;

const RevenueFigure = z.object({ totalRevenue: MoneyTotal, bookingsCount: z.number().int().nonnegative(), averageBookingValue: MoneyTotal });

/**
 * GET /api/admin/revenue/summary: the analytics cards (today vs yesterday, this month vs last
 * month, average booking value with the month's booking count), whatever month the selectors show.
 */
export const RevenueSummary = z.object({
  today: RevenueFigure.extend({ date: z.string() }),
  yesterday: RevenueFigure.extend({ date: z.string() }),
  thisMonth: RevenueFigure.extend({ month: z.enum(MONTH_NAMES), year: z.number().int() }),
  lastMonth: RevenueFigure.extend({ month: z.enum(MONTH_NAMES), year: z.number().int() }),
  /** The Los Angeles year of the first booking (null with none): where the year selector starts. */
  firstYear: z.number().int().nullable(),
});
export type RevenueSummary = z.infer<typeof RevenueSummary>;

/** GET /api/admin/reports: the Reports page; null means "No data" (nothing to compute it from). */
export const AdminReports = z.object({
  generatedAt: z.iso.datetime({ offset: true }),
  summary: z.object({
    /** Revenue of the current month. */
    monthlyRevenue: MoneyTotal,
    completedTrips: z.number().int().nonnegative(),
    completedTripsThisMonth: z.number().int().nonnegative(),
    /** Distinct customers (by email) with at least one booking. */
    activeCustomers: z.number().int().nonnegative(),
    /** Percent (one decimal) of active vehicles with a completed trip this month; null without active vehicles. */
    fleetUtilization: z.number().nullable(),
  }),
  revenue: z.object({ thisMonth: MoneyTotal, lastMonth: MoneyTotal, yearToDate: MoneyTotal }),
  /** Top drivers by completed rides, with their dispatch record. */
  driverPerformance: z.array(
    z.object({
      driverId: z.number().int(),
      name: z.string(),
      username: z.string().nullable(),
      completedRides: z.number().int().nonnegative(),
      revenue: MoneyTotal,
      rating: z.string().nullable(),
      /** Rides assigned to the driver, and how they answered. */
      assignments: z.number().int().nonnegative(),
      accepted: z.number().int().nonnegative(),
      /** accepted / answered-or-expired assignments, percent with one decimal; null before any. */
      acceptanceRate: z.number().nullable(),
      /** Mean seconds from assignment to answer; null before any answer. */
      averageResponseSeconds: z.number().nullable(),
      /** Pickups no later than 10 minutes after the pickup time, out of all pickups. */
      onTimePickups: z.number().int().nonnegative(),
      pickups: z.number().int().nonnegative(),
      /** What the driver earned from completed rides. */
      earnings: MoneyTotal,
    }),
  ),
  /** Top routes by number of bookings; dropoffLocation null for hourly rides. */
  popularRoutes: z.array(
    z.object({ pickupLocation: z.string(), dropoffLocation: z.string().nullable(), bookings: z.number().int().nonnegative(), revenue: MoneyTotal }),
  ),
  customers: z.object({
    /** Customers with exactly one booking. */
    newCustomers: z.number().int().nonnegative(),
    /** Customers with two or more bookings. */
    returningCustomers: z.number().int().nonnegative(),
    /** Revenue / completed trips, all time; null before the first completed trip. */
    averageTripValue: MoneyTotal.nullable(),
  }),
  vehicleUsage: z.array(
    z.object({
      vehicleId: z.number().int(),
      name: z.string().nullable(),
      category: z.string().nullable(),
      bookings: z.number().int().nonnegative(),
      completedTrips: z.number().int().nonnegative(),
      revenue: MoneyTotal,
    }),
  ),
  /**
   * On-time pickups (percent of pickups no later than 10 minutes after the pickup time) and the
   * drivers' mean response time (seconds); null = "No data". Nothing records satisfaction yet.
   */
  performance: z.object({
    onTimePerformance: z.number().nullable(),
    customerSatisfaction: z.number().nullable(),
    averageResponseTime: z.number().nullable(),
  }),
});
export type AdminReports = z.infer<typeof AdminReports>;

/** The six Download Report buttons: GET /api/admin/reports/<name>.csv */
export const ReportName = z.enum([
  'revenue',
  'driver-performance',
  'popular-routes',
  'customer-analytics',
  'vehicle-usage',
  'performance-metrics',
]);
export type ReportName = z.infer<typeof ReportName>;

export const ReportCsv = z.object({ filename: z.string(), content: z.string() });
export type ReportCsv = z.infer<typeof ReportCsv>;

export const ProjectionRebuildResult = z.object({
  bookings: z.number().int().nonnegative(),
  drivers: z.number().int().nonnegative(),
  vehicles: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
});
export type ProjectionRebuildResult = z.infer<typeof ProjectionRebuildResult>;

export const FleetSummary = z.object({
  totalVehicles: z.number().int().nonnegative(),
  activeVehicles: z.number().int().nonnegative(),
});
export type FleetSummary = z.infer<typeof FleetSummary>;
