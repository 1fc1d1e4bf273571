import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TRACKING_MESSAGES, type TrackingView } from '@limo/contracts/booking/tracking';
import { LiveNote } from '../ui/LiveNote';
import { ApiError, apiJson, serverMessage } from '../lib/api';
import { COMPANY, companyPhoneHref } from '../lib/company';
import { DRIVER_STATUS_LABELS } from '../lib/ride-status-labels';
import { useDocumentMeta } from '../lib/use-document-title';
import { useLiveUpdates } from '../lib/use-live-updates';
import { useNow } from '../lib/use-now';
import { ageText, isStale, positionAgeSeconds } from './tracking-age';
import './self-service.css';

/** Fallback refresh while the live stream is not open. */
const POLL_MS = 15_000;

/**
 * /track?t=<token>: the chauffeur on the way, from the link in the "on the way" message. Only
 * that ride, only while the gateway says the window is open; afterwards the trip has ended.
 * No map tiles from anywhere: the position as coordinates, with a link for the customer's map app.
 */
export default function TrackingPage() {
  useDocumentMeta('Track Your Chauffeur', `Follow your ${COMPANY.name} chauffeur on the way to you.`);
  const token = useSearchParams()[0].get('t') ?? '';
  const key = ['track', token];
  // Server time minus this device's time, measured at each answer.
  const offset = useRef(0);
  const query = useQuery({
    queryKey: key,
    enabled: token !== '',
    refetchInterval: (q) => (q.state.error ? false : POLL_MS),
    queryFn: async () => {
      const view = await apiJson<TrackingView>('GET', `/api/track?t=${encodeURIComponent(token)}`);
      offset.current = Date.parse(view.serverTime) - Date.now();
      return view;
    },
  });
  const live = useLiveUpdates({
    url: `/api/track/stream?t=${encodeURIComponent(token)}`,
    enabled: query.isSuccess,
    affected: () => [key],
    onReconnect: () => [key],
  });
  const now = useNow(1000);

  if (!token || query.isError) {
    const message = !token ? TRACKING_MESSAGES.invalid : (serverMessage(query.error) ?? 'Tracking is not available right now. Please try again.');
    const ended = message === TRACKING_MESSAGES.ended;
    const notYet = query.error instanceof ApiError && query.error.status === 410 && !ended;
    return (
      <section className="self-service" aria-labelledby="track-heading">
        <div className="card self-service-card">
          <h1 id="track-heading">{ended ? message : 'Track Your Chauffeur'}</h1>
          {notYet && <p className="self-service-note">{message}</p>}
          {!ended && !notYet && (
            <p className="self-service-message" role="alert">
              {message}
            </p>
          )}
          <p className="muted self-service-call">
            Questions about your ride? Call <a href={companyPhoneHref}>{COMPANY.phone.display}</a>.
          </p>
        </div>
      </section>
    );
  }
  if (!query.data) {
    return (
      <section className="self-service" aria-busy="true">
        <p className="muted">Finding your chauffeur...</p>
      </section>
    );
  }

  const ride = query.data;
  // From drop-off on, the server no longer sends where the chauffeur is (decisions.md).
  const arrived = ride.driverStatus === 'dropped-off' || ride.driverStatus === 'completed';
  const position = ride.position;
  const age = position ? positionAgeSeconds(position.at, now.getTime(), offset.current) : null;
  return (
    <section className="self-service" aria-labelledby="track-heading">
      <div className="card self-service-card tracking-card">
        <h1 id="track-heading">Your Chauffeur</h1>
        <p className="tracking-who">
          <strong>{ride.chauffeurFirstName ?? 'Your chauffeur'}</strong>
          {ride.vehicleName && <span> · {ride.vehicleName}</span>}
        </p>
        <p className="tracking-status">
          <span className={`badge ${arrived ? 'badge-green' : 'badge-orange'}`}>{ride.driverStatus ? DRIVER_STATUS_LABELS[ride.driverStatus] : 'On the way'}</span>
          <span className="muted"> Booking {ride.reference}</span>
        </p>
        {arrived ? (
          <p className="self-service-note" data-testid="tracking-arrived">
            You have arrived. Thank you for riding with {COMPANY.name}.
          </p>
        ) : position && age !== null ? (
          <div className={`tracking-position${isStale(age) ? ' tracking-stale' : ''}`} data-testid="tracking-position">
            <p className="tracking-coordinates">
              {position.latitude.toFixed(5)}, {position.longitude.toFixed(5)}
            </p>
            <p className="tracking-age">
              {ageText(age)}
              {isStale(age) && <span className="badge badge-gray">Position may be out of date</span>}
            </p>
            <a className="btn btn-outline" href={`https://www.google.com/maps/search/?api=1&query=${position.latitude},${position.longitude}`} target="_blank" rel="noopener noreferrer">
              Open in Maps
            </a>
          </div>
        ) : (
          <p className="self-service-note">Your chauffeur's position will show here once their phone shares it.</p>
        )}
        <dl className="booking-summary-rows tracking-route">
          <div>
            <dt>Pickup</dt>
            <dd>{ride.pickupLocation}</dd>
          </div>
          {ride.dropoffLocation && (
            <div>
              <dt>Drop-off</dt>
              <dd>{ride.dropoffLocation}</dd>
            </div>
          )}
        </dl>
        {!arrived && <LiveNote live={live} what="your chauffeur's moves" every="15 seconds" />}
        <p className="muted">
          Questions? Call <a href={companyPhoneHref}>{COMPANY.phone.display}</a>.
        </p>
      </div>
    </section>
  );
}
