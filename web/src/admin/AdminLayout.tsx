import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { LoadingPanel } from '../components/StatePanels';

const LINKS = [
  ['/admin/dashboard', 'Dashboard'],
  ['/admin/bookings', 'Bookings'],
  ['/admin/drivers', 'Drivers'],
  ['/admin/fleet', 'Fleet'],
  ['/admin/reports', 'Reports'],
] as const;

export default function AdminLayout() {
  return (
    <div className="admin-shell">
      <header className="admin-header">
        <a className="brand" href="/">
          Prestige <span>Limo</span> <small>Admin</small>
        </a>
        <nav aria-label="Admin">
          <ul className="admin-nav">
            {LINKS.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to}>{label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="admin-main">
        <Suspense fallback={<LoadingPanel />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
