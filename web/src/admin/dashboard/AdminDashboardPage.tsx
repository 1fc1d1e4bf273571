import { useDocumentMeta } from '../../lib/use-document-title';
import { DriverLocations } from './DriverLocations';
import { PendingRequests } from './PendingRequests';
import { QuickActions } from './QuickActions';
import { RecentActivity } from './RecentActivity';
import { RevenueAnalytics } from './RevenueAnalytics';
import { StatCards } from './StatCards';
import './dashboard.css';

export default function AdminDashboardPage() {
  useDocumentMeta('Admin Dashboard', 'Bookings, revenue, drivers and pending requests at a glance.');
  return (
    <section className="admin-page" aria-labelledby="dashboard-heading">
      <header className="admin-page-header">
        <div>
          <h1 id="dashboard-heading">Admin Dashboard</h1>
          <p className="muted">Bookings, revenue and drivers at a glance.</p>
        </div>
      </header>
      <StatCards />
      <div className="dash-grid">
        <QuickActions />
        <RecentActivity />
      </div>
      <PendingRequests />
      <RevenueAnalytics />
      <DriverLocations />
    </section>
  );
}
