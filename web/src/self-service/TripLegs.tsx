import { formatBusinessInstant } from '@limo/contracts/common/business-time';
import type { CustomerBookingView } from '@limo/contracts/booking/self-service';
import { statusBadge } from '../lib/booking-status';
import { SummaryRows } from './SummaryRows';

type Trip = NonNullable<CustomerBookingView['trip']>;

/** 'return' for an outbound's other leg, 'outbound' for a return's. */
export const otherLegName = (trip: Trip) => (trip.leg === 'outbound' ? 'return' : 'outbound');

/** A round trip's leg: the trip reference, which leg this booking is, and the other leg in brief. */
export function TripLegs({ trip }: { trip: Trip }) {
  const { other } = trip;
  const badge = statusBadge(other.status);
  const otherLeg = otherLegName(trip);
  const rows: [string, string][] = [
    ['Pickup', formatBusinessInstant(new Date(other.pickupAt))],
    ['From', other.pickupLocation],
    ['To', other.dropoffLocation ?? ''],
    ['Total', `$${other.total}`],
  ];
  return (
    <section className="trip-legs" aria-label="Round trip" data-testid="trip-legs">
      <p className="trip-legs-head">
        Round trip <span className="reference">{trip.reference}</span>: this is the {trip.leg} ride.
      </p>
      <div className="trip-legs-other">
        <p className="trip-legs-other-head">
          <span>
            The {otherLeg} ride <span className="reference">{other.reference}</span>
          </span>
          <span className={`badge ${badge.className}`}>{badge.label}</span>
        </p>
        <SummaryRows rows={rows} />
      </div>
    </section>
  );
}
