import { formatPosition } from '../../booking/geolocation';
import { lastSentText } from './location-throttle';
import { useLocationSharing } from './use-location-sharing';

/**
 * Location sharing while on duty: the browser asks the driver's permission, then the position
 * goes to dispatch (see use-location-sharing). Says when it last went, or why it cannot.
 */
export function LocationPanel({ onDuty, now }: { onDuty: boolean; now: Date }) {
  const sharing = useLocationSharing(onDuty);
  const { state } = sharing;
  return (
    <section className="card driver-panel location-panel" aria-labelledby="location-heading">
      <div className="section-head">
        <h2 id="location-heading" className="section-title">
          Location Sharing
        </h2>
        <span className={`badge ${state.status === 'sharing' ? 'badge-green' : state.status === 'error' ? 'badge-red' : 'badge-gray'}`}>
          {state.status === 'sharing' ? 'Sharing' : state.status === 'waiting' ? 'Waiting for location' : state.status === 'error' ? 'Not sharing' : 'Off'}
        </span>
      </div>
      {!onDuty ? (
        <p className="muted">Your location is shared with dispatch only while you are on duty.</p>
      ) : state.status === 'error' ? (
        <div className="inline-error" role="alert">
          <p>
            <strong>{state.message}</strong>
          </p>
          <p>Allow location for this site in your browser, then try again. Dispatch needs it to give you nearby rides.</p>
          <button type="button" className="btn btn-outline btn-sm location-retry" onClick={sharing.retry}>
            Try Again
          </button>
        </div>
      ) : (
        <>
          <p className="muted">
            {state.status === 'waiting'
              ? 'Asking your browser for your location. Please allow it when asked.'
              : 'Your location is shared with dispatch while you are on duty.'}
          </p>
          <p className="location-sent" data-testid="location-last-sent">
            {lastSentText(sharing.lastSentAt, now.getTime())}
            {sharing.lastSent && <span className="mono small"> · {formatPosition(sharing.lastSent.latitude, sharing.lastSent.longitude)}</span>}
          </p>
          {sharing.sendError && (
            <p className="field-error" role="alert">
              {sharing.sendError}
            </p>
          )}
        </>
      )}
    </section>
  );
}
