import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TrackingView } from '@limo/contracts/booking/tracking';
import { TRACKING_MESSAGES } from '@limo/contracts/booking/tracking-messages';
import { Avatar } from '../ui/Avatar';
import { LiveNote } from '../ui/LiveNote';
import { ApiError, apiJson } from '../lib/api';
import { COMPANY, companyPhoneHref } from '../lib/company';
import { DRIVER_STATUS_LABELS } from '../lib/ride-status-labels';
import { useDocumentMeta } from '../lib/use-document-title';
import { useLiveUpdates } from '../lib/use-live-updates';
import { useNow } from '../lib/use-now';
import { ageText, isStale, positionAgeSeconds } from './tracking-age';
import { trackingErrorMessage } from './tracking-error';
import { arrivedAtDestination, carText, etaText, trackingMarkers, trackingRoute } from './tracking-map';
import './self-service.css';

// Leaflet and the basemap come with the map, after the page's own text.
const MapView = lazy(() => import('../maps/MapView'));

/** Fallback refresh while the live stream is not open. */
const POLL_MS = 15_000;

/**
 * /track?t=<token>: the chauffeur on the way, from the link in the "on the way" message. Only
 * that ride, only while the gateway says the window is open; afterwards the trip has ended.
 * The car on a map with the pickup and drop-off, the ETA, who is coming in what car, and a way
 * to call or text them.
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
  const ride = query.data;
  const age = ride?.position ? positionAgeSeconds(ride.position.at, now.getTime(), offset.current) : null;
  const stale = age !== null && isStale(age);
  // Only a new answer moves the markers, not the clock's tick.
  const markers = useMemo(() => (ride ? trackingMarkers(ride, stale) : []), [ride, stale]);
  const route = useMemo(() => (ride ? trackingRoute(ride) : null), [ride]);

  if (!token || query.isError) {
    const message = trackingErrorMessage(token, query.error);
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
  if (!ride) {
    return (
      <section className="self-service" aria-busy="true">
        <p className="muted">Finding your chauffeur...</p>
      </section>
    );
  }

  const arrived = arrivedAtDestination(ride);
  const firstName = ride.chauffeurFirstName ?? 'Your chauffeur';
  const car = carText(ride);
  const eta = ride.eta ? etaText(ride.eta) : null;
  return (
    <section className="self-service tracking" aria-labelledby="track-heading">
      <div className="tracking-map">
        {markers.length > 0 ? (
          <Suspense fallback={<div className="map-placeholder" aria-hidden="true" />}>
            <MapView label="Map of your ride" markers={markers} route={route} follow="markers" />
          </Suspense>
        ) : (
          <p className="self-service-note">The map shows here once your chauffeur's phone shares where they are.</p>
        )}
      </div>
      <div className="card self-service-card tracking-card">
        <h1 id="track-heading" className="visually-hidden">
          Your Chauffeur
        </h1>
        <div className="tracking-who">
          {ride.photoUrl ? <img className="avatar avatar-lg tracking-photo" src={ride.photoUrl} alt={`${firstName}, your chauffeur`} /> : <Avatar firstName={firstName} lastName="" size="lg" />}
          <div>
            <p className="tracking-name">
              <strong>{firstName}</strong>
              <span className="muted"> · your chauffeur</span>
            </p>
            {(car || ride.vehiclePlate) && (
              <p className="tracking-car" data-testid="tracking-car">
                {car}
                {ride.vehiclePlate && (
                  <>
                    {car && ' · '}
                    <span className="tracking-plate" aria-label={`plate ${ride.vehiclePlate.split('').join(' ')}`}>
                      {ride.vehiclePlate}
                    </span>
                  </>
                )}
              </p>
            )}
          </div>
        </div>
        <p className="tracking-status">
          <span className={`badge ${arrived ? 'badge-green' : 'badge-orange'}`}>{ride.driverStatus ? DRIVER_STATUS_LABELS[ride.driverStatus] : 'On the way'}</span>
          <span className="muted"> Booking {ride.reference}</span>
        </p>
        {arrived ? (
          <p className="self-service-note" data-testid="tracking-arrived">
            You have arrived. Thank you for riding with {COMPANY.name}.
          </p>
        ) : (
          <>
            {eta && (
              <div className="tracking-eta" data-testid="tracking-eta">
                <p>
                  <strong className="tracking-eta-minutes">{eta.minutes}</strong> {eta.what}
                </p>
                {eta.basis && <p className="muted tracking-eta-basis">{eta.basis}</p>}
              </div>
            )}
            {ride.driverStatus === 'arrived' && <p className="self-service-note">{firstName} is waiting at your pickup.</p>}
            {ride.position && age !== null ? (
              <p className={`tracking-age${stale ? ' tracking-stale' : ''}`} data-testid="tracking-position">
                Position {ageText(age)}
                {stale && <span className="badge badge-gray">Position may be out of date</span>}
              </p>
            ) : (
              <p className="muted">Your chauffeur's position will show here once their phone shares it.</p>
            )}
          </>
        )}
        {ride.contactPhone && !arrived && (
          <div className="tracking-contact">
            <a className="btn btn-primary" href={`tel:${ride.contactPhone.number}`}>
              Call {firstName}
            </a>
            <a className="btn btn-outline" href={`sms:${ride.contactPhone.number}`}>
              Text {firstName}
            </a>
            {ride.contactPhone.masked && <p className="muted tracking-contact-note">Through {COMPANY.name}'s line: your number stays private.</p>}
          </div>
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
