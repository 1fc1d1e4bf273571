import { useQuery } from '@tanstack/react-query';
import type { AdminNotifications } from '@limo/contracts';
import { InlineError } from '../components/AuthErrorPanel';
import { alertText, registrationAlertText } from './dispatch-format';
import { POLL } from './polling';

/**
 * Rides a driver declined or let pass unanswered (the last day): each is back among the pending
 * requests and needs another driver. Also the times public driver registrations hit their
 * hourly limit (a burst of sign-ups, perhaps an attack). The same call as the bell
 * (GET /api/admin/notifications).
 */
export function DispatchAlerts() {
  const notifications = useQuery<AdminNotifications>({ queryKey: ['/api/admin/notifications'], refetchInterval: POLL.notifications });
  const alerts = notifications.data?.alerts ?? [];
  const registrations = notifications.data?.registrations ?? [];
  return (
    <section className="card dash-panel" aria-labelledby="alerts-heading">
      <div className="section-head">
        <h2 id="alerts-heading" className="section-title">
          Dispatch Alerts
        </h2>
        {alerts.length > 0 && (
          <span className="badge badge-red" data-testid="alerts-count">
            {alerts.length} declined or missed
          </span>
        )}
      </div>
      <p className="muted small section-note">
        Rides a driver declined or did not answer in the last 24 hours. Each is back among the pending requests below. Driver applications paused at their hourly limit show here too.
      </p>
      {notifications.isLoading ? (
        <p className="inline-loading">Loading alerts...</p>
      ) : notifications.isError ? (
        <InlineError what="dispatch alerts" error={notifications.error} />
      ) : alerts.length === 0 && registrations.length === 0 ? (
        <p className="inline-empty">No declined or missed rides</p>
      ) : (
        <ul className="alert-list" data-testid="dispatch-alerts">
          {registrations.map((alert) => {
            const { text, when } = registrationAlertText(alert);
            return (
              <li key={`registrations-${alert.at}`} className="alert-item alert-registrations">
                <span className="badge badge-orange">Registrations paused</span>
                <span className="alert-text">{text}</span>
                <time className="muted small" dateTime={alert.at}>
                  {when}
                </time>
              </li>
            );
          })}
          {alerts.map((alert) => {
            const { text, when } = alertText(alert);
            return (
              <li key={`${alert.bookingId}-${alert.at}`} className={`alert-item alert-${alert.kind}`}>
                <span className={`badge ${alert.kind === 'declined' ? 'badge-red' : 'badge-orange'}`}>{alert.kind === 'declined' ? 'Declined' : 'Missed deadline'}</span>
                <span className="alert-text">{text}</span>
                <time className="muted small" dateTime={alert.at}>
                  {when}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
