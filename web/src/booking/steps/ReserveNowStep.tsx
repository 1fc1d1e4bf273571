import { Link } from 'react-router-dom';
import type { Booking, Vehicle } from '@limo/contracts';
import { addMoney } from '../format';
import type { MadeBooking } from '../use-create-booking';
import { COMPANY, companyPhoneHref } from '../../lib/company';
import { formatMoney, formatTripDate } from '../format';
import { QuoteLines } from '../QuoteLines';
import { formatTime12h } from '../time-slots';
import { fareLabel } from './PricingStep';

/**
 * Step 5: the booking is saved; the customer calls to reserve and pay, quoting the reference.
 * The quote shown is the one the server stored with the booking (locked to its reference); a round
 * trip shows both legs, each with its reference, and the trip's reference.
 */
export function ReserveNowStep({ made, vehicle }: { made: MadeBooking; vehicle?: Vehicle }) {
  const { booking, trip } = made;
  const total = trip ? addMoney(booking.totalAmount, trip.returnBooking.totalAmount) : booking.totalAmount;
  return (
    <div className="wizard-reserve">
      <p className="reserve-lead">Your ride request is saved. Call us to reserve it and arrange payment.</p>
      <a className="reserve-phone" href={companyPhoneHref}>
        {COMPANY.phone.display}
      </a>
      {/* data-toast-avoid: the success toast shown with this step keeps off what the customer must read out on the call. */}
      <dl className="summary reserve-facts" data-toast-avoid>
        {trip && (
          <>
            <dt>Round trip reference</dt>
            <dd className="reference" data-testid="trip-reference">
              {trip.reference}
            </dd>
          </>
        )}
        <dt>{trip ? 'Outbound reference' : 'Booking reference'}</dt>
        <dd className="reserve-reference reference" data-testid="booking-reference">
          {booking.reference}
        </dd>
        {trip && (
          <>
            <dt>Return reference</dt>
            <dd className="reference" data-testid="return-reference">
              {trip.returnBooking.reference}
            </dd>
          </>
        )}
        <dt>Caller</dt>
        <dd data-testid="caller-name">
          {booking.firstName} {booking.lastName}
        </dd>
        <dt>Total</dt>
        <dd data-testid="reserve-total">{formatMoney(total)}</dd>
        <dt>Trip date</dt>
        <dd data-testid="trip-date">
          {formatTripDate(booking.pickupDate)} at {formatTime12h(booking.pickupTime)}
        </dd>
        {trip && (
          <>
            <dt>Return date</dt>
            <dd data-testid="return-date">
              {formatTripDate(trip.returnBooking.pickupDate)} at {formatTime12h(trip.returnBooking.pickupTime)}
            </dd>
          </>
        )}
      </dl>
      <section aria-labelledby="reserve-quote" data-toast-avoid>
        <h3 id="reserve-quote">
          Your quote, locked to <span className="reference">{booking.reference}</span>
        </h3>
        <LockedQuote booking={booking} vehicle={vehicle} testId="locked-quote" />
        {trip && (
          <>
            <h3>
              Return, locked to <span className="reference">{trip.returnBooking.reference}</span>
            </h3>
            <LockedQuote booking={trip.returnBooking} vehicle={vehicle} testId="locked-return-quote" />
          </>
        )}
      </section>
      <p className="muted" data-toast-avoid>
        When you call, give your name and the booking reference <span className="reference">{booking.reference}</span>. We take payment
        by a payment app or by card over the phone.
      </p>
      <p className="muted">
        To look this booking up or cancel it later, use <Link to="/booking/manage">Manage a Booking</Link> with its reference and your
        email or phone.
      </p>
      <Link className="btn btn-primary" to="/">
        Book Another Ride
      </Link>
    </div>
  );
}

function LockedQuote({ booking, vehicle, testId }: { booking: Booking; vehicle?: Vehicle; testId: string }) {
  return (
    <QuoteLines
      quote={booking.price}
      fareLabel={fareLabel(booking.tripType, booking.duration)}
      vehicleName={vehicle?.name}
      totalLabel="Total"
      caption={`Quote for booking ${booking.reference}`}
      testId={testId}
      companyName={booking.companyName ?? undefined}
    />
  );
}
