import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@limo/contracts';
import { InlineError } from '../components/AuthErrorPanel';
import { dashboardActivityBadge } from '../bookings/booking-status';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { POLL } from './polling';
import { useVehicleNames } from './use-vehicle-names';

const SHOWN = 3;

/** The first 3 bookings (most recent first) with badge, customer and vehicle type. */
export function RecentActivity() {
  // Only the newest few are asked for (the list is newest first): the whole list is up to a
  // thousand bookings, refetched on every ride's live update. The key stays under
  // '/api/bookings', so the live updates that refresh the list refresh this too.
  const bookings = useQuery<Booking[]>({ queryKey: ['/api/bookings', { limit: SHOWN }], refetchInterval: POLL.bookings });
  const vehicleNames = useVehicleNames();
  const recent = [...(bookings.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, SHOWN);

  return (
    <section className="card dash-panel" aria-labelledby="recent-activity-heading">
      <div className="section-head">
        <h2 id="recent-activity-heading" className="section-title">
          Recent Activity
        </h2>
      </div>
      {bookings.isLoading ? (
        <p className="inline-loading">Loading recent activity...</p>
      ) : bookings.isError ? (
        <InlineError what="recent activity" error={bookings.error} />
      ) : recent.length === 0 ? (
        <p className="inline-empty">No recent activity</p>
      ) : (
        <ul className="activity-list">
          {recent.map((booking) => {
            const badge = dashboardActivityBadge(booking.status);
            return (
              <li key={booking.id} className="activity-item">
                <span className={`badge ${badge.className}`}>{badge.label}</span>
                <div className="activity-text">
                  <p className="activity-name">
                    {booking.firstName} {booking.lastName}
                  </p>
                  <p className="muted">
                    {(booking.vehicleId != null && vehicleNames.get(booking.vehicleId)) || 'Vehicle not set'} ·{' '}
                    {formatDate(booking.pickupDate)} {formatTime(booking.pickupTime)}
                  </p>
                </div>
                <span className="activity-amount">{formatMoney(booking.totalAmount)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
