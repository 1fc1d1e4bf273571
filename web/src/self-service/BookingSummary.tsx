import { formatBusinessInstant } from '@limo/contracts/common/business-time';
import type { CustomerBookingView } from '@limo/contracts/booking/self-service';
import { flightText } from '@limo/contracts/booking/flight-rules';
import { bagsText } from '@limo/contracts/booking/vehicle-choice';
import { statusBadge } from '../lib/booking-status';
import { QuoteLines } from '../booking/QuoteLines';
import { fareLabel } from '../booking/steps/PricingStep';
import { DRIVER_STATUS_LABELS } from '../lib/ride-status-labels';
import { TripLegs } from './TripLegs';
import { SummaryRows } from './SummaryRows';

/** The booking as its customer sees it: the ride, its status, a round trip's other leg and the quote locked to it. */
export function BookingSummary({ booking }: { booking: CustomerBookingView }) {
  const badge = statusBadge(booking.status);
  const { price } = booking;
  const rows: [string, string][] = [
    ['Pickup', formatBusinessInstant(new Date(booking.pickupAt))],
    ['From', booking.pickupLocation],
    ...booking.waypoints.map((stop, i): [string, string] => [`Stop ${i + 1}`, stop]),
    booking.tripType === 'hourly' ? ['Duration', `${booking.duration ?? 3} hours`] : ['To', booking.dropoffLocation ?? ''],
    ['Passenger', `${booking.firstName} ${booking.lastName}`],
  ];
  if (booking.passengers) rows.push(['Passengers', String(booking.passengers)]);
  if (booking.luggage) rows.push(['Luggage', bagsText(booking.luggage)]);
  const flight = flightText(booking);
  if (flight) rows.push(['Flight', flight]);
  if (booking.vehicleName) rows.push(['Vehicle', booking.vehicleName]);
  if (booking.chauffeurFirstName) rows.push(['Chauffeur', booking.chauffeurFirstName]);
  if (booking.driverStatus) rows.push(['Ride', DRIVER_STATUS_LABELS[booking.driverStatus]]);

  return (
    <div className="booking-summary">
      <p className="booking-summary-head">
        <span className="booking-summary-reference reference">{booking.reference}</span>
        <span className={`badge ${badge.className}`}>{badge.label}</span>
      </p>
      {booking.trip && <TripLegs trip={booking.trip} />}
      <SummaryRows rows={rows} />
      <h2 className="booking-summary-title">Your quote</h2>
      {/* The same lines as the booking wizard showed: fare, vehicle, offer, add-ons, fee, gratuity, total. */}
      <QuoteLines
        quote={price}
        fareLabel={fareLabel(booking.tripType, booking.duration)}
        vehicleName={booking.vehicleName ?? undefined}
        totalLabel="Total"
        caption="Your quote"
        testId="manage-quote"
      />
    </div>
  );
}
