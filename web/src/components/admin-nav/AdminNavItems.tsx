import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { clearAdminAuth, useAdminLoggedIn } from '../../lib/admin-session';
import { needsAdminAuth } from '../../lib/api';
import { bellCount, notificationBadgeText, notificationLabel } from './notification-badge';
import './admin-nav-items.css';

interface Notifications {
  count: number;
  flights?: unknown[];
  settlements?: unknown[];
}

/**
 * The notification bell (to /admin/bookings; GET /api/admin/notifications every 30 s: the requests
 * that need a driver, the flight alerts and the final prices to review, listed with links on the dashboard)
 * and Logout, for a logged-in admin. Rendered in the admin header and, lazily, in the public
 * navigation; renders nothing without the admin flag.
 */
export default function AdminNavItems({ variant = 'admin' }: { variant?: 'admin' | 'public' }) {
  const loggedIn = useAdminLoggedIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notifications = useQuery<Notifications>({
    queryKey: ['/api/admin/notifications'],
    enabled: loggedIn,
    refetchInterval: 30_000,
    retry: false,
  });

  if (!loggedIn) return null;
  const count = bellCount(notifications.data);
  const badge = notificationBadgeText(count);

  const logout = () => {
    clearAdminAuth();
    // Drop every admin answer so the next person at this browser sees none of it.
    queryClient.removeQueries({ predicate: (q) => needsAdminAuth(String(q.queryKey[0])) });
    navigate('/admin');
  };

  return (
    <div className={`admin-nav-items admin-nav-items-${variant}`}>
      <Link to="/admin/bookings" className="bell-link" aria-label={notificationLabel(count)} title="Bookings">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {badge && (
          <span className="bell-badge" aria-hidden="true" data-testid="notification-count">
            {badge}
          </span>
        )}
      </Link>
      <button type="button" className="btn btn-sm logout-button" onClick={logout}>
        Logout
      </button>
    </div>
  );
}
