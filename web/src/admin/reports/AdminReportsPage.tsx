import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AdminReports, ReportName } from '@limo/contracts';
import { LoadingPanel } from '../../ui/StatePanels';
import { StatCard } from '../../ui/StatCard';
import { FigureList } from '../../ui/FigureList';
import { BackLink } from '../../ui/BackLink';
import { serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useDocumentMeta } from '../../lib/use-document-title';
import { AdminErrorPanel } from '../components/AuthErrorPanel';
import { formatMoney } from '../../lib/format';
import { formatRating } from '../drivers/driver-format';
import { DATA_UNAVAILABLE, durationOrNoData, NO_DATA, percentOrNoData, ratingOrNoData, shareOrNoData } from './report-format';
import { defaultCsvFilename, downloadCsv } from './report-download';
import './reports.css';

export default function AdminReportsPage() {
  useDocumentMeta('Reports', 'Revenue, driver performance, routes, customers and vehicle usage.');
  const reports = useQuery<AdminReports>({ queryKey: ['/api/admin/reports'] });
  const r = reports.data;

  return (
    <section className="admin-page" aria-labelledby="reports-heading">
      <BackLink to="/admin/dashboard">Back to Dashboard</BackLink>
      <header className="admin-page-header">
        <div>
          <h1 id="reports-heading">Reports &amp; Analytics</h1>
          <p className="muted">
            Business performance at a glance.
            {r && <> Figures as of {new Date(r.generatedAt).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', dateStyle: 'medium', timeStyle: 'short' })} (Los Angeles).</>}
          </p>
        </div>
      </header>
      {reports.isLoading ? (
        <LoadingPanel label="Loading reports..." />
      ) : reports.isError || !r ? (
        <AdminErrorPanel title="Unable to Load Reports" error={reports.error} />
      ) : (
        <>
          <ul className="stat-grid report-summary" aria-label="Summary">
            <StatCard label="Monthly Revenue" value={formatMoney(r.summary.monthlyRevenue)} detail="Completed trips this month" />
            <StatCard
              label="Completed Trips"
              value={String(r.summary.completedTrips)}
              detail={`${r.summary.completedTripsThisMonth} this month`}
            />
            <StatCard label="Active Customers" value={String(r.summary.activeCustomers)} detail="With at least one booking" />
            <StatCard
              label="Fleet Utilization"
              value={percentOrNoData(r.summary.fleetUtilization)}
              none={r.summary.fleetUtilization == null}
              detail={r.summary.fleetUtilization == null ? DATA_UNAVAILABLE : 'Active vehicles used this month'}
            />
          </ul>
          <div className="report-grid">
            <ReportCard title="Revenue Report" report="revenue">
              <FigureList
                none={NO_DATA}
                rows={[
                  ['This Month', formatMoney(r.revenue.thisMonth)],
                  ['Last Month', formatMoney(r.revenue.lastMonth)],
                  ['YTD Total', formatMoney(r.revenue.yearToDate)],
                ]}
              />
            </ReportCard>
            <ReportCard title="Driver Performance" report="driver-performance">
              {r.driverPerformance.length === 0 ? (
                <p className="report-empty">No driver performance data available</p>
              ) : (
                <ol className="rank-list driver-rank">
                  {r.driverPerformance.slice(0, 5).map((d) => (
                    <li key={d.driverId} data-testid={`performance-${d.username ?? d.driverId}`}>
                      <div className="rank-main">
                        <span className="rank-name">{d.name}</span>
                        <span className="muted small">
                          {d.completedRides} ride{d.completedRides === 1 ? '' : 's'} · ★ {formatRating(d.rating)} · {formatMoney(d.revenue)} revenue
                        </span>
                        <dl className="driver-figures">
                          <div>
                            <dt>Assignments</dt>
                            <dd>{d.assignments}</dd>
                          </div>
                          <div>
                            <dt>Acceptance</dt>
                            <dd>{percentOrNoData(d.acceptanceRate)}</dd>
                          </div>
                          <div>
                            <dt>Avg. response</dt>
                            <dd>{durationOrNoData(d.averageResponseSeconds)}</dd>
                          </div>
                          <div>
                            <dt>On-time pickups</dt>
                            <dd>{shareOrNoData(d.onTimePickups, d.pickups)}</dd>
                          </div>
                        </dl>
                      </div>
                      <div className="rank-figure driver-earned">
                        {formatMoney(d.earnings)}
                        <span className="muted small">earned</span>
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </ReportCard>
            <ReportCard title="Popular Routes" report="popular-routes">
              {r.popularRoutes.length === 0 ? (
                <p className="report-empty">No route data available</p>
              ) : (
                <ol className="rank-list">
                  {r.popularRoutes.slice(0, 5).map((route) => (
                    <li key={`${route.pickupLocation}→${route.dropoffLocation ?? ''}`}>
                      <span className="rank-main">
                        <span className="rank-name">
                          {route.pickupLocation} {route.dropoffLocation ? `→ ${route.dropoffLocation}` : '(hourly)'}
                        </span>
                        <span className="muted small">
                          {route.bookings} booking{route.bookings === 1 ? '' : 's'}
                        </span>
                      </span>
                      <span className="rank-figure">{formatMoney(route.revenue)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </ReportCard>
            <ReportCard title="Customer Analytics" report="customer-analytics">
              <FigureList
                none={NO_DATA}
                rows={[
                  ['New Customers', String(r.customers.newCustomers)],
                  ['Returning Customers', String(r.customers.returningCustomers)],
                  ['Avg. Trip Value', r.customers.averageTripValue == null ? NO_DATA : formatMoney(r.customers.averageTripValue)],
                ]}
              />
            </ReportCard>
            <ReportCard title="Vehicle Usage" report="vehicle-usage">
              {r.vehicleUsage.length === 0 ? (
                <p className="report-empty">No vehicle usage data available</p>
              ) : (
                <ol className="rank-list">
                  {r.vehicleUsage.slice(0, 5).map((v) => (
                    <li key={v.vehicleId}>
                      <span className="rank-main">
                        <span className="rank-name">{v.name ?? `Vehicle ${v.vehicleId}`}</span>
                        <span className="muted small">
                          {v.bookings} booking{v.bookings === 1 ? '' : 's'} · {v.completedTrips} completed
                        </span>
                      </span>
                      <span className="rank-figure">{formatMoney(v.revenue)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </ReportCard>
            <ReportCard title="Performance Metrics" report="performance-metrics">
              <FigureList
                none={NO_DATA}
                rows={[
                  ['On-Time Performance', percentOrNoData(r.performance.onTimePerformance)],
                  ['Customer Satisfaction', ratingOrNoData(r.performance.customerSatisfaction)],
                  ['Avg. Response Time', durationOrNoData(r.performance.averageResponseTime)],
                ]}
              />
            </ReportCard>
          </div>
        </>
      )}
    </section>
  );
}

function ReportCard({ title, report, children }: { title: string; report: ReportName; children: ReactNode }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const headingId = `report-${report}`;
  const download = async () => {
    setBusy(true);
    try {
      const name = await downloadCsv(`/api/admin/reports/${report}.csv`, defaultCsvFilename(title));
      toast({ title: 'Report Downloaded', description: `${name} has been saved.` });
    } catch (error) {
      toast({ title: 'Download Failed', description: serverMessage(error) ?? 'Failed to download the report. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className="card flex-card report-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        {title}
      </h2>
      <div className="report-body">{children}</div>
      <div className="card-actions">
        <button type="button" className="btn btn-outline btn-sm btn-block" onClick={download} disabled={busy} aria-label={`Download Report: ${title} (CSV)`}>
          {busy ? 'Preparing...' : 'Download Report'}
        </button>
      </div>
    </article>
  );
}
