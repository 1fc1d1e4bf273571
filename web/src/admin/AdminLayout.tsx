import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingPanel } from '../ui/StatePanels';
import { PortalLayout } from '../ui/PortalLayout';
import { useAdminLoggedIn } from '../lib/admin-session';
import { adminAuthHeader } from '../lib/api';
import { useLiveUpdates } from '../lib/use-live-updates';
import { adminQueriesAffected, everyAdminQuery } from './live/admin-live';
import { patchDispatchBoards } from './dispatch/board-live';
import { patchDriverLocations } from './live-map/locations-live';
import AdminNavItems from '../components/admin-nav/AdminNavItems';
import { StaleFiguresNotice } from './components/StaleFiguresNotice';
import './admin.css';

const LINKS = [
  ['/admin/dashboard', 'Dashboard'],
  ['/admin/bookings', 'Bookings'],
  ['/admin/dispatch', 'Dispatch'],
  ['/admin/drivers', 'Drivers'],
  ['/admin/customers', 'Customers'],
  ['/admin/companies', 'Companies'],
  ['/admin/fleet', 'Fleet'],
  ['/admin/rates', 'Rates'],
  ['/admin/reports', 'Reports'],
] as const;

export default function AdminLayout() {
  const loggedIn = useAdminLoggedIn();
  const queryClient = useQueryClient();
  const openKeys = () => queryClient.getQueryCache().getAll().map((query) => query.queryKey);
  // The admin stream keeps every admin page fresh; the pages' polling stays as the fallback.
  const live = useLiveUpdates({
    url: '/api/admin/stream',
    enabled: loggedIn,
    headers: () => {
      const auth = adminAuthHeader();
      return auth ? { Authorization: auth } : ({} as Record<string, string>);
    },
    affected: (update) => adminQueriesAffected(update, openKeys()),
    onReconnect: () => everyAdminQuery(openKeys()),
    // The dispatch board moves a bar, and the maps a driver, as soon as an update says so.
    onUpdate: (update) => {
      patchDispatchBoards(queryClient, update);
      patchDriverLocations(queryClient, update);
    },
  });
  return (
    <PortalLayout
      area="Admin"
      links={LINKS}
      showNav={loggedIn}
      headerEnd={
        loggedIn ? (
          <AdminNavItems />
        ) : (
          <a className="admin-back-to-site" href="/">
            Back to website
          </a>
        )
      }
    >
      {loggedIn && <StaleFiguresNotice />}
      <Suspense fallback={<LoadingPanel />}>
        <Outlet context={{ live }} />
      </Suspense>
    </PortalLayout>
  );
}
