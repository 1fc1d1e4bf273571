import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import {
  AdminNotifications,
  AdminReports,
  AdminStats,
  DailyRevenue,
  FleetSummary,
  MonthlyRevenue,
  ProjectionRebuildResult,
  ReportCsv,
  ReportName,
  RevenueSummary,
} from './http.js';

const Empty = z.object({}).strict();

export const adminRpc = {
  stats: defineRpc('reporting.admin.stats.v1', Empty, AdminStats),
  notifications: defineRpc('reporting.admin.notifications.v1', Empty, AdminNotifications),
  dailyRevenue: defineRpc(
    'reporting.revenue.daily.v1',
    z.object({ month: z.number().int().min(1).max(12).optional(), year: z.number().int().min(2000).max(2100).optional() }).strict(),
    z.array(DailyRevenue),
  ),
  monthlyRevenue: defineRpc(
    'reporting.revenue.monthly.v1',
    z.object({ year: z.number().int().min(2000).max(2100).optional() }).strict(),
    z.array(MonthlyRevenue),
  ),
  revenueSummary: defineRpc('reporting.revenue.summary.v1', Empty, RevenueSummary),
  reports: defineRpc('reporting.reports.get.v1', Empty, AdminReports),
  reportCsv: defineRpc('reporting.reports.csv.v1', z.object({ report: ReportName }).strict(), ReportCsv),
  /** Recomputes every projection from the source services' current state (npm run projections:rebuild). */
  rebuildProjections: defineRpc('reporting.projections.rebuild.v1', Empty, ProjectionRebuildResult),
};

export const reportingRpc = {
  fleetSummary: defineRpc('reporting.fleet.summary.v1', z.object({}).strict(), FleetSummary),
};
