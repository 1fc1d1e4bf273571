import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { AdminNotifications } from '@limo/contracts';
import { InlineError } from '../components/AuthErrorPanel';
import { alertText, alertWhen, bookingLink, FLIGHT_ALERT_LABELS, registrationAlertText } from './dispatch-format';
import { POLL } from './polling';

/**
 * Rides a driver declined or let pass unanswered (the last day): each is back among the pending
 * requests and needs another driver. Also the times public driver registrations hit their
 * hourly limit (a burst of sign-ups, perhaps an attack), and the upcoming rides whose flight
 * needs the admin (at risk after a delay, unknown flight, no fresh status), each a link to the
 * booking. The same call as the bell (GET /api/admin/notifications).
 */
export function DispatchAlerts() {
  const notifications = useQuery<AdminNotifications>({ queryKey: ['/api/admin/notifications'], refetchInterval: POLL.notifications });
  const alerts = notifications.data?.alerts ?? [];
  const registrations = notifications.data?.registrations ?? [];
  const flights = notifications.data?.flights ?? [];
  const settlements = notifications.data?.settlements ?? [];
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
        {settlements.length > 0 && (
          <span className="badge badge-yellow" data-testid="settlements-count">
            {settlements.length} final price{settlements.length === 1 ? '' : 's'} to review
          </span>
        )}
        {flights.length > 0 && (
          <span className="badge badge-orange" data-testid="flight-alerts-count">
            {flights.length} flight{flights.length === 1 ? '' : 's'} to check
          </span>
        )}
      </div>
      <p className="muted small section-note">
        Rides a driver declined or did not answer in the last 24 hours. Each is back among the pending requests below. Upcoming airport rides whose flight needs you (a delay onto
        the driver's next ride, a flight the provider does not know, no fresh status near the pickup) stay here until resolved, and completed rides whose final price waits for
        your review. Driver applications paused at their hourly limit show here too.
      </p>
      {notifications.isLoading ? (
        <p className="inline-loading">Loading alerts...</p>
      ) : notifications.isError ? (
        <InlineError what="dispatch alerts" error={notifications.error} />
      ) : alerts.length === 0 && registrations.length === 0 && flights.length === 0 && settlements.length === 0 ? (
        <p className="inline-empty">No declined or missed rides</p>
      ) : (
        <ul className="alert-list" data-testid="dispatch-alerts">
          {flights.map((alert) => (
            <li key={`flight-${alert.bookingId}`} className={`alert-item alert-${alert.kind}`} data-testid="flight-alert">
              <span className={`badge ${alert.kind === 'at-risk' ? 'badge-red' : 'badge-orange'}`}>{FLIGHT_ALERT_LABELS[alert.kind]}</span>
              <span className="alert-text">
                <Link to={bookingLink(alert.reference)} className="mono">
                  {alert.reference}
                </Link>{' '}
                {alert.detail}
              </span>
              <time className="muted small" dateTime={alert.at}>
                {alertWhen(alert.at)}
              </time>
            </li>
          ))}
          {settlements.map((ride) => (
            <li key={`settlement-${ride.bookingId}`} className="alert-item alert-settlement" data-testid="settlement-alert">
              <span className="badge badge-yellow">Final price</span>
              <span className="alert-text">
                <Link to={bookingLink(ride.reference)} className="mono">
                  {ride.reference}
                </Link>{' '}
                settled at ${ride.finalAmount}: approve it or adjust it, and the receipt goes out
              </span>
              <time className="muted small" dateTime={ride.completedAt}>
                {alertWhen(ride.completedAt)}
              </time>
            </li>
          ))}
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
