import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { DriverRide, DriverStatus } from '@limo/contracts/booking/dispatch';
import type { RideExtra } from '@limo/contracts/booking/settlement';
import { flightText } from '@limo/contracts/booking/flight-rules';
import { bagsText } from '@limo/contracts/booking/vehicle-choice';
import { apiJson } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { formatPhone } from '../../lib/phone';
import { useToast } from '../../lib/toast';
import { useNow } from '../../lib/use-now';
import { DRIVER_QUERIES } from '../driver-queries';
import { pickupWhen, timeOnDayText } from '../driver-format';
import { waitText } from '../../lib/wait-text';
import { CompleteRide } from './CompleteRide';
import { GreetingSign } from './GreetingSign';
import { WaitClock } from './WaitClock';
import { RideAnswer } from './RideAnswer';
import { RideMap } from './RideMap';
import { useRideRefresh } from './ride-refresh';
import { awaitsAnswer, directionsUrl, DRIVER_STATUS_ACTIONS, DRIVER_STATUS_LABELS, nextDestination, nextStatusChoices, waitsForStartWindow } from './ride-progress';

function rideBadge(ride: DriverRide): { label: string; className: string } {
  if (awaitsAnswer(ride)) return { label: 'Awaiting your answer', className: 'badge-yellow' };
  if (ride.status === 'in-progress') return { label: 'In Progress', className: 'badge-orange' };
  if (ride.status === 'confirmed') return { label: 'Confirmed', className: 'badge-blue' };
  if (ride.status === 'completed') return { label: 'Completed', className: 'badge-green' };
  return { label: ride.status, className: 'badge-gray' };
}

/**
 * One ride given to the driver: everything needed to do the job; while it waits for an answer, a
 * countdown to the deadline with Accept and Decline; once confirmed, the next status buttons.
 */
export function RideCard({ ride }: { ride: DriverRide }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { refresh, failed } = useRideRefresh();

  const progress = useMutation({
    mutationFn: ({ driverStatus, extras }: { driverStatus: DriverStatus; extras?: RideExtra[] }) =>
      apiJson<DriverRide>('PUT', `/api/bookings/${ride.id}/driver-status`, extras?.length ? { driverStatus, extras } : { driverStatus }),
    onSuccess: (updated) => {
      toast(
        updated.driverStatus === 'completed'
          ? { title: 'Ride Completed', description: `${ride.reference} is done. You earned ${formatMoney(updated.driverEarnings)}.` }
          : { title: 'Status Updated', description: `${ride.reference}: ${DRIVER_STATUS_LABELS[updated.driverStatus ?? 'en-route']}.` },
      );
      // The answer is the ride as it now stands: shown at once, then everything is fetched again.
      queryClient.setQueryData<DriverRide[]>([DRIVER_QUERIES.rides], (rides) => rides?.map((r) => (r.id === updated.id ? updated : r)));
      refresh();
    },
    onError: failed('Status Not Saved'),
  });

  const badge = rideBadge(ride);
  const choices = nextStatusChoices(ride);
  // Completing is its own form (the extras), after the drop-off.
  const steps = choices.filter((status) => status !== 'completed');
  const now = useNow(15_000);
  const notYet = waitsForStartWindow(ride, now);
  const [signShown, setSignShown] = useState(false);
  // Directions once the ride is the driver's (accepted), to wherever they head next.
  const destination = !awaitsAnswer(ride) && (ride.status === 'confirmed' || ride.status === 'in-progress') ? nextDestination(ride) : null;
  // A sign for the passenger at a meet-and-greet pickup, from acceptance until the ride ends.
  const greets = ride.meetGreet && !awaitsAnswer(ride) && (ride.status === 'confirmed' || ride.status === 'in-progress');

  return (
    <article className="card ride-card" aria-labelledby={`${id}-when`} data-testid={`ride-${ride.reference}`}>
      <header className="ride-card-head">
        <span className="mono ride-reference">{ride.reference}</span>
        <span className={`badge ${badge.className}`} data-testid="ride-badge">
          {badge.label}
        </span>
      </header>
      <h3 id={`${id}-when`} className="ride-when">
        {pickupWhen(ride)}
      </h3>
      <dl className="ride-facts">
        <div>
          <dt>Customer</dt>
          <dd>{ride.customerName}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${ride.customerPhone.replace(/[^\d+]/g, '')}`} className="nowrap">
              {formatPhone(ride.customerPhone)}
            </a>
          </dd>
        </div>
        <div className="span-2">
          <dt>Pickup</dt>
          <dd>{ride.pickupLocation}</dd>
        </div>
        {ride.waypoints.length > 0 && (
          <div className="span-2">
            <dt>Stops</dt>
            <dd>{ride.waypoints.join(' → ')}</dd>
          </div>
        )}
        <div className="span-2">
          <dt>{ride.tripType === 'hourly' ? 'Service' : 'Drop-off'}</dt>
          <dd>{ride.tripType === 'hourly' ? `Hourly, ${ride.duration ?? 0} hours` : (ride.dropoffLocation ?? 'Not given')}</dd>
        </div>
        <div>
          <dt>Passengers</dt>
          <dd>{ride.passengers ?? 'Not specified'}</dd>
        </div>
        {ride.luggage !== undefined && (
          <div>
            <dt>Luggage</dt>
            <dd data-testid="ride-luggage">{bagsText(ride.luggage)}</dd>
          </div>
        )}
        {ride.flightNumber && (
          <div>
            <dt>Flight</dt>
            <dd data-testid="ride-flight">{flightText(ride)}</dd>
          </div>
        )}
        {ride.wait && (
          <div className="span-2">
            <dt>Wait</dt>
            <dd data-testid="ride-wait">{waitText(ride.wait)}</dd>
          </div>
        )}
        <div>
          <dt>Vehicle</dt>
          <dd>{ride.vehicleName ?? 'Not specified'}</dd>
        </div>
        <div>
          <dt>Meet &amp; Greet</dt>
          <dd>{ride.meetGreet ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt>Child Seats</dt>
          <dd>{ride.childSeats ? 'Yes' : 'No'}</dd>
        </div>
        <div className="span-2">
          <dt>Special Requests</dt>
          <dd className="notes-text">{ride.specialRequests || 'None'}</dd>
        </div>
      </dl>
      {/* The map once the ride is the driver's and can start: one or two cards, not the week's. */}
      {destination && !notYet && <RideMap ride={ride} />}
      {destination && (
        <a className="btn btn-outline btn-sm ride-navigate" href={directionsUrl(destination.address)} target="_blank" rel="noopener noreferrer" data-testid="ride-navigate">
          Navigate to {destination.label}
        </a>
      )}
      {greets && (
        <button type="button" className="btn btn-outline btn-sm ride-sign" onClick={() => setSignShown(true)}>
          Show name sign
        </button>
      )}
      {signShown && <GreetingSign name={ride.customerName} onClose={() => setSignShown(false)} />}
      {awaitsAnswer(ride) ? (
        <RideAnswer ride={ride} />
      ) : (
        choices.length > 0 && (
          <div className="ride-progress">
            <p className="ride-progress-now">
              Status: <strong>{ride.driverStatus ? DRIVER_STATUS_LABELS[ride.driverStatus] : 'Confirmed, not started'}</strong>
            </p>
            {ride.driverStatus === 'arrived' && ride.arrivedAt && <WaitClock ride={{ ...ride, arrivedAt: ride.arrivedAt }} />}
            {notYet ? (
              <p className="ride-starts" data-testid="ride-starts">
                Starts at <strong>{timeOnDayText(ride.startableFrom)}</strong>: you can report En Route from then.
              </p>
            ) : (
              steps.length > 0 && (
                <div className="ride-actions" role="group" aria-label={`Report progress of ${ride.reference}`}>
                  {steps.map((status, i) => (
                    <button
                      key={status}
                      type="button"
                      className={`btn btn-sm ${i === steps.length - 1 ? 'btn-primary' : 'btn-outline'}`}
                      disabled={progress.isPending}
                      onClick={() => progress.mutate({ driverStatus: status })}
                    >
                      {DRIVER_STATUS_ACTIONS[status]}
                    </button>
                  ))}
                </div>
              )
            )}
            {choices.includes('completed') && (
              <CompleteRide reference={ride.reference} pending={progress.isPending} onComplete={(extras) => progress.mutate({ driverStatus: 'completed', extras })} />
            )}
          </div>
        )
      )}
    </article>
  );
}
