import { Link } from 'react-router-dom';
import type { Booking } from '@limo/contracts';
import { COMPANY, companyPhoneHref } from '../../lib/company';
import { formatMoney, formatTripDate } from '../format';
import { formatTime12h } from '../time-slots';

/** Step 5: the booking is saved; the customer calls to reserve and pay, quoting the reference. */
export function ReserveNowStep({ booking }: { booking: Booking }) {
  return (
    <div className="wizard-reserve">
      <p className="reserve-lead">Your ride request is saved. Call us to reserve it and arrange payment.</p>
      <a className="reserve-phone" href={companyPhoneHref}>
        {COMPANY.phone.display}
      </a>
      <dl className="summary reserve-facts">
        <dt>Booking reference</dt>
        <dd className="reserve-reference" data-testid="booking-reference">
          {booking.reference}
        </dd>
        <dt>Caller</dt>
        <dd data-testid="caller-name">
          {booking.firstName} {booking.lastName}
        </dd>
        <dt>Estimated total</dt>
        <dd data-testid="reserve-total">{formatMoney(booking.totalAmount)}</dd>
        <dt>Trip date</dt>
        <dd data-testid="trip-date">
          {formatTripDate(booking.pickupDate)} at {formatTime12h(booking.pickupTime)}
        </dd>
      </dl>
      <p className="muted">
        When you call, give your name and the booking reference {booking.reference}. We take payment by a payment app or by card over
        the phone.
      </p>
      <Link className="btn btn-primary" to="/">
        Book Another Ride
      </Link>
    </div>
  );
}
