import { lazy, Suspense } from 'react';
import { useAdminLoggedIn } from '../../lib/admin-session';

// Dynamic import only: the public bundle must never carry admin code. The chunk is fetched the
// first time a logged-in admin views a public page.
const AdminNavItems = lazy(() => import('./AdminNavItems'));

/** The logged-in admin's bell and Logout in the public navigation; nothing for everyone else. */
export function AdminNavSlot() {
  const loggedIn = useAdminLoggedIn();
  if (!loggedIn) return null;
  return (
    <li className="nav-admin">
      <Suspense fallback={null}>
        <AdminNavItems variant="public" />
      </Suspense>
    </li>
  );
}
