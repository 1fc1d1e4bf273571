import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { LoadingPanel } from '../components/StatePanels';
import { useAdminLoggedIn } from '../lib/admin-session';
import { adminAuthHeader } from '../lib/api';
import { useLiveUpdates } from '../lib/use-live-updates';
import { adminQueriesAffected, everyAdminQuery } from './live/admin-live';
import AdminNavItems from '../components/admin-nav/AdminNavItems';
import { StaleFiguresNotice } from './components/StaleFiguresNotice';
import './admin.css';

const LINKS = [
  ['/admin/dashboard', 'Dashboard'],
  ['/admin/bookings', 'Bookings'],
  ['/admin/drivers', 'Drivers'],
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
  });
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <a className="brand" href="/">
          Prestige <span>Limo</span> <small>Admin</small>
        </a>
        {loggedIn ? (
          <>
            <nav aria-label="Admin" className="admin-nav-wrap">
              <ul className="admin-nav">
                {LINKS.map(([to, label]) => (
                  <li key={to}>
                    <NavLink to={to}>{label}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <AdminNavItems />
          </>
        ) : (
          <a className="admin-back-to-site" href="/">
            Back to website
          </a>
        )}
      </header>
      <main id="main" className="admin-main">
        {loggedIn && <StaleFiguresNotice />}
        <Suspense fallback={<LoadingPanel />}>
          <Outlet context={{ live }} />
        </Suspense>
      </main>
    </div>
  );
}
