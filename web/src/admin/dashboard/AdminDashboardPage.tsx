import { useQuery } from '@tanstack/react-query';
import { useOutletContext } from 'react-router-dom';
import type { AdminStats } from '@limo/contracts';
import { LiveNote } from '../../ui/LiveNote';
import { useDocumentMeta } from '../../lib/use-document-title';
import type { LiveState } from '../../lib/use-live-updates';
import { AdminErrorPanel, isAuthProblem } from '../components/AuthErrorPanel';
import { POLL } from './polling';
import { DispatchAlerts } from './DispatchAlerts';
import { DriverLocations } from './DriverLocations';
import { FailedMessages } from './FailedMessages';
import { PendingRequests } from './PendingRequests';
import { QuickActions } from './QuickActions';
import { RecentActivity } from './RecentActivity';
import { RevenueAnalytics } from './RevenueAnalytics';
import { StatCards } from './StatCards';
import './dashboard.css';

export default function AdminDashboardPage() {
  useDocumentMeta('Admin Dashboard', 'Bookings, revenue, drivers and pending requests at a glance.');
  // The stat cards' own query: when it is refused, so is every section, and one panel says why.
  const stats = useQuery<AdminStats>({ queryKey: ['/api/admin/stats'], refetchInterval: POLL.stats });
  const refused = stats.isError && isAuthProblem(stats.error);
  const live = useOutletContext<{ live: LiveState } | undefined>()?.live ?? 'offline';
  return (
    <section className="admin-page" aria-labelledby="dashboard-heading">
      <header className="admin-page-header">
        <div>
          <h1 id="dashboard-heading">Admin Dashboard</h1>
          <p className="muted">Bookings, revenue and drivers at a glance.</p>
          {!refused && <LiveNote live={live} what="bookings, answers and driver positions" />}
        </div>
      </header>
      {refused ? (
        <AdminErrorPanel title="Unable to Load Dashboard" error={stats.error} />
      ) : (
        <>
          <StatCards />
          <div className="dash-grid">
            <QuickActions />
            <RecentActivity />
          </div>
          <DispatchAlerts />
          <FailedMessages />
          <PendingRequests />
          <RevenueAnalytics />
          <DriverLocations />
        </>
      )}
    </section>
  );
}
