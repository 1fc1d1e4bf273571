import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BoardDriver, BoardRide, DriverOption } from '@limo/contracts';
import { Countdown } from '../../ui/Countdown';
import { countOf, formatTime } from '../../lib/format';
import { InlineError } from '../components/AuthErrorPanel';
import { bookingLink, driverOptionsPath } from '../dashboard/dispatch-format';
import { POLL } from '../dashboard/polling';
import { canAssign, offerWaiting } from './board-layout';

interface RidePanelProps {
  ride: BoardRide;
  driver: BoardDriver | undefined;
  flags: string[];
  refusal: string | undefined;
  busy: boolean;
  onAssign: (driverId: number, driverName: string) => void;
  onWithdraw: () => void;
  onClose: () => void;
}

/**
 * The selected ride: its facts, what is wrong with it, and the keyboard's (and a phone's) way to
 * assign it: the on-duty drivers ranked as the dashboard ranks them (free for the whole block,
 * then nearest to the pickup), each with Assign. A ride whose driver has yet to answer shows the
 * time left and Withdraw.
 */
export function RidePanel({ ride, driver, flags, refusal, busy, onAssign, onWithdraw, onClose }: RidePanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [ride.id]);
  const waiting = offerWaiting(ride);
  const assignable = canAssign(ride) && !waiting;
  const route = ride.dropoffLocation ? `${ride.pickupLocation} → ${ride.dropoffLocation}` : `${ride.pickupLocation} (hourly)`;

  return (
    <section className="card ride-panel" aria-labelledby="ride-panel-heading" data-testid="ride-panel">
      <header className="section-head">
        <h2 id="ride-panel-heading" className="section-title" tabIndex={-1} ref={heading}>
          {formatTime(ride.pickupTime)} · <span className="mono">{ride.reference}</span> · {ride.customerName}
        </h2>
        <div className="page-actions">
          <a className="btn btn-outline btn-sm" href={bookingLink(ride.reference)}>
            Open booking
          </a>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Close
          </button>
        </div>
      </header>
      <p className="ride-panel-route">
        {route}
        {ride.passengers ? ` · ${countOf(ride.passengers, 'passenger')}` : ''}
        {ride.flightNumber ? ` · flight ${ride.flightNumber}` : ''}
      </p>
      {flags.length > 0 && (
        <ul className="ride-panel-flags">
          {flags.map((flag) => (
            <li key={flag}>⚠ {flag}</li>
          ))}
        </ul>
      )}
      {refusal && (
        <p className="inline-error" role="alert">
          {refusal}
        </p>
      )}
      {waiting ? (
        <div className="ride-panel-offer">
          <p>
            Offered to <strong>{driver?.name ?? `driver #${ride.driverId}`}</strong>:{' '}
            {ride.responseDeadline ? <Countdown deadline={ride.responseDeadline} label="answer within" expiredText="the time to answer has passed" /> : 'waiting for their answer'}
          </p>
          <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={onWithdraw}>
            Withdraw
          </button>
        </div>
      ) : assignable ? (
        <Suggestions rideId={ride.id} busy={busy} onAssign={onAssign} />
      ) : (
        <p className="muted">{driver ? `With ${driver.name}.` : 'Only a pending ride can be assigned.'}</p>
      )}
    </section>
  );
}

/** Shown at first; the rest on request (200 drivers would fill the screen). */
const FIRST_SUGGESTIONS = 8;

function Suggestions({ rideId, busy, onAssign }: { rideId: number; busy: boolean; onAssign: (driverId: number, driverName: string) => void }) {
  const options = useQuery<DriverOption[]>({ queryKey: [driverOptionsPath(rideId)], refetchInterval: POLL.drivers });
  if (options.isLoading) return <p className="inline-loading">Loading suggestions...</p>;
  if (options.isError) return <InlineError what="driver suggestions" error={options.error} />;
  const list = options.data ?? [];
  if (list.length === 0) return <p className="inline-empty">No drivers on duty</p>;
  return (
    <>
      <h3 className="ride-panel-subhead">Suggested drivers, best first</h3>
      <ol className="suggestion-list">
        {list.slice(0, FIRST_SUGGESTIONS).map((option) => (
          <li key={option.driverId} className={option.free ? '' : 'suggestion-busy'}>
            <span>
              <strong>{option.name}</strong> <span className="muted small">({option.username})</span>
              <br />
              <span className="small">{option.reason ?? (option.free ? 'Free for the whole ride' : `Busy: ${option.conflict?.reference} overlaps this ride`)}</span>
            </span>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => onAssign(option.driverId, option.name)} aria-label={`Assign ${option.name}`}>
              Assign
            </button>
          </li>
        ))}
      </ol>
      {list.length > FIRST_SUGGESTIONS && <p className="muted small">{list.length - FIRST_SUGGESTIONS} more on duty: drag the ride onto their row.</p>}
    </>
  );
}
