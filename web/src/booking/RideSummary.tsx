import type { Vehicle } from '@limo/contracts';
import { bagsText } from './contracts-lite';
import { formatTripDate } from './format';
import type { RideForm } from './ride-form';
import { passengersLabel } from './RideFields';
import { formatTime12h, hoursLabel } from './time-slots';

/**
 * The ride entered so far (on the home page's quick card or in step 1), shown above the contact
 * fields so the customer sees what they are booking (a round trip's return too), with a way back
 * to change it.
 */
export function RideSummary({ ride, vehicle, onChange }: { ride: RideForm; vehicle?: Vehicle; onChange: () => void }) {
  const when = [ride.pickupDate && formatTripDate(ride.pickupDate), ride.pickupTime && formatTime12h(ride.pickupTime)].filter(Boolean).join(' at ');
  const stops = ride.waypoints.filter((stop) => stop.trim() !== '');
  return (
    <section className="ride-summary" aria-label="Your ride" data-testid="ride-summary">
      <div className="ride-summary-head">
        <p className="ride-summary-title">Your ride</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={onChange}>
          Change
        </button>
      </div>
      {when && <p className="ride-summary-when">{when}</p>}
      <dl className="summary">
        <dt>From</dt>
        <dd>{ride.pickupLocation}</dd>
        {stops.length > 0 && (
          <>
            <dt>Stops</dt>
            <dd>{stops.join(' · ')}</dd>
          </>
        )}
        {ride.tripType === 'one-way' ? (
          <>
            <dt>To</dt>
            <dd>{ride.dropoffLocation}</dd>
            {ride.returnTrip && (
              <>
                <dt>Return</dt>
                <dd data-testid="ride-summary-return">
                  {[ride.returnDate && formatTripDate(ride.returnDate), ride.returnTime && formatTime12h(ride.returnTime)].filter(Boolean).join(' at ')}, from{' '}
                  {ride.returnPickup.trim() || ride.dropoffLocation}
                </dd>
              </>
            )}
          </>
        ) : (
          <>
            <dt>Hourly</dt>
            <dd>{hoursLabel(ride.duration)}</dd>
          </>
        )}
        <dt>Party</dt>
        <dd>{[passengersLabel(ride.passengers), ride.luggage > 0 && bagsText(ride.luggage), vehicle?.name].filter(Boolean).join(' · ')}</dd>
      </dl>
    </section>
  );
}
