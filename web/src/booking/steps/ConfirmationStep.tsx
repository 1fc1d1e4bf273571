import type { Vehicle } from '@limo/contracts';
import type { ContactForm } from '../booking-draft';
import type { RideForm } from '../ride-form';
import { bagsText } from '../contracts-lite';
import { formatMoney, formatTripDate } from '../format';
import type { QuoteState } from '../use-quote';
import { TripQuote } from './PricingStep';
import { formatTime12h, hoursLabel } from '../time-slots';
import { flightText, normalizeFlightNumber, rideTouchesAirport } from '@limo/contracts/booking/flight-rules';
import { returnTouchesAirport } from '../ride-input';

/** Step 4: everything the customer entered, for a last look before 'Proceed to Reserve'. */
export function ConfirmationStep(props: { ride: RideForm; contact: ContactForm; quote: QuoteState; vehicle?: Vehicle; onChangeRide?: () => void; companyName?: string }) {
  const { ride, contact, quote, vehicle, onChangeRide, companyName } = props;
  const stops = ride.waypoints.filter((stop) => stop.trim() !== '');
  const extras = [contact.meetGreet && 'Meet & Greet', contact.childSeats && 'Child safety seats'].filter(Boolean).join(', ');
  const flight = rideTouchesAirport(ride) ? flightText({ pickupLocation: ride.pickupLocation, flightNumber: normalizeFlightNumber(ride.flightNumber) ?? ride.flightNumber.trim() }) : null;
  const returnFlight =
    ride.returnTrip && returnTouchesAirport(ride) ? flightText({ pickupLocation: ride.returnPickup.trim() || ride.dropoffLocation, flightNumber: normalizeFlightNumber(ride.returnFlightNumber) ?? ride.returnFlightNumber.trim() }) : null;
  return (
    <div className="wizard-confirmation">
      <section aria-labelledby="confirm-trip">
        <h3 id="confirm-trip">Trip</h3>
        <dl className="summary">
          <dt>Trip type</dt>
          <dd>{ride.tripType === 'hourly' ? 'Hourly' : ride.returnTrip ? 'Round trip' : 'One Way'}</dd>
          <dt>Date</dt>
          <dd>{formatTripDate(ride.pickupDate)}</dd>
          <dt>Time</dt>
          <dd>{formatTime12h(ride.pickupTime)}</dd>
          <dt>Pickup</dt>
          <dd>{ride.pickupLocation}</dd>
          {stops.length > 0 && (
            <>
              <dt>Stops</dt>
              <dd>
                <ol className="summary-stops">
                  {stops.map((stop, i) => (
                    <li key={i}>{stop}</li>
                  ))}
                </ol>
              </dd>
            </>
          )}
          {ride.tripType === 'one-way' ? (
            <>
              <dt>Drop-off</dt>
              <dd>{ride.dropoffLocation}</dd>
            </>
          ) : (
            <>
              <dt>Duration</dt>
              <dd>{hoursLabel(ride.duration)}</dd>
            </>
          )}
          {flight && (
            <>
              <dt>Flight</dt>
              <dd data-testid="confirm-flight">{flight}</dd>
            </>
          )}
          {ride.specialRequests.trim() && (
            <>
              <dt>Special requests</dt>
              <dd>{ride.specialRequests}</dd>
            </>
          )}
          {ride.tripType === 'one-way' && ride.returnTrip && (
            <>
              <dt>Return</dt>
              <dd data-testid="confirm-return">
                {formatTripDate(ride.returnDate)} at {formatTime12h(ride.returnTime)}, from {ride.returnPickup.trim() || ride.dropoffLocation} to{' '}
                {ride.pickupLocation}
                {returnFlight && `, flight ${returnFlight}`}
              </dd>
            </>
          )}
          <dt>Passengers</dt>
          <dd>{ride.passengers}</dd>
          <dt>Luggage</dt>
          <dd data-testid="confirm-luggage">{bagsText(ride.luggage)}</dd>
          {vehicle && (
            <>
              <dt>Vehicle</dt>
              <dd>{vehicle.name}</dd>
            </>
          )}
        </dl>
      </section>
      <section aria-labelledby="confirm-contact">
        <h3 id="confirm-contact">{companyName ? 'Passenger' : 'Contact'}</h3>
        <dl className="summary">
          {companyName && (
            <>
              <dt>Booked for</dt>
              <dd data-testid="confirm-company">{companyName}</dd>
            </>
          )}
          <dt>Name</dt>
          <dd>
            {contact.firstName} {contact.lastName}
          </dd>
          <dt>Email</dt>
          <dd>{contact.email}</dd>
          <dt>Phone</dt>
          <dd>{contact.phone}</dd>
          <dt>SMS updates</dt>
          <dd>{contact.smsUpdates ? 'Yes' : 'No'}</dd>
          <dt>Extras</dt>
          <dd>{extras || 'None'}</dd>
        </dl>
      </section>
      <section aria-labelledby="confirm-price">
        <h3 id="confirm-price">Price</h3>
        <TripQuote quote={quote} tripType={ride.tripType} duration={ride.duration} vehicle={vehicle} onChangeRide={onChangeRide} companyName={companyName} />
      </section>
      {quote.data && (
        <p className="confirm-total">
          Total: <strong data-testid="confirm-total">{formatMoney(quote.data.returnQuote ? quote.data.tripTotal : quote.data.quote.total)}</strong>
        </p>
      )}
      <p className="muted">
        No payment is taken online. After you reserve, call us to arrange payment by a payment app or by card over the phone.
      </p>
    </div>
  );
}
