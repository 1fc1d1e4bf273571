import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { CustomerBookingView } from '@limo/contracts/booking/self-service';
import { WEB_PAGES } from '@limo/contracts/common/web-routes';
import { formatBusinessInstant } from '@limo/contracts/common/business-time';
import type { AccountBooking, AccountBookingGroup, AccountBookings } from '@limo/contracts/customers/account';
import { statusBadge } from '../lib/booking-status';
import { apiJson } from '../lib/api';
import { formatMoney } from '../lib/format';
import { startRebooking } from './rebook';
import { Failure } from './SignInForm';
import { SectionState } from './SectionState';

const GROUPS: { group: AccountBookingGroup; title: string; empty: string }[] = [
  { group: 'upcoming', title: 'Upcoming', empty: 'No upcoming rides.' },
  { group: 'past', title: 'Past', empty: 'No past rides yet.' },
  { group: 'cancelled', title: 'Cancelled', empty: 'No cancelled bookings.' },
];

/**
 * Every booking made with the account's email, in three groups: an upcoming one opens its page on
 * the account (change, cancel) and its manage page; a past one its receipt; a past or cancelled
 * one can be booked again.
 */
export function AccountBookingsList() {
  const bookings = useQuery<AccountBookings>({ queryKey: ['/api/account/bookings'] });
  if (bookings.isPending || bookings.isError) return <SectionState failed={bookings.isError} what="bookings" />;
  return (
    <>
      {GROUPS.map(({ group, title, empty }) => (
        <section key={group} className="account-group" aria-labelledby={`account-${group}`}>
          <h2 id={`account-${group}`}>
            {title} <span className="muted">({bookings.data[group].length})</span>
          </h2>
          {bookings.data[group].length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <ul className="account-bookings">
              {bookings.data[group].map((booking) => (
                <BookingCard key={booking.reference} booking={booking} group={group} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function BookingCard({ booking, group }: { booking: AccountBooking; group: AccountBookingGroup }) {
  const badge = statusBadge(booking.status);
  return (
    <li className="card account-booking" data-reference={booking.reference}>
      <p className="account-booking-head">
        <span className="reference">{booking.reference}</span>
        <span className={`badge ${badge.className}`}>{badge.label}</span>
      </p>
      <p className="account-booking-when">{formatBusinessInstant(new Date(booking.pickupAt))}</p>
      <p className="account-booking-where">
        {booking.pickupLocation}
        {booking.dropoffLocation && <> → {booking.dropoffLocation}</>}
      </p>
      <p className="account-booking-foot">
        <span>
          {booking.vehicleName ? `${booking.vehicleName} · ` : ''}
          <span data-testid="account-booking-total">{formatMoney(booking.total)}</span>
        </span>
        <span className="account-booking-links">
          {group === 'upcoming' && (
            <Link to={`${WEB_PAGES.accountBooking}?id=${booking.id}`} aria-label={`Change or cancel booking ${booking.reference}`}>
              Change
            </Link>
          )}
          {group === 'past' && (
            <Link to={`${WEB_PAGES.accountReceipt}?id=${booking.id}`} aria-label={`Receipt for booking ${booking.reference}`}>
              Receipt
            </Link>
          )}
          <Link to={booking.manageLink} aria-label={`Manage booking ${booking.reference}`}>
            Manage
          </Link>
        </span>
      </p>
      {group !== 'upcoming' && <BookAgain booking={booking} />}
    </li>
  );
}

/** Opens the wizard with the same ride (no date): the booking's details are read first, for the party, vehicle and extras. */
function BookAgain({ booking }: { booking: AccountBooking }) {
  const navigate = useNavigate();
  const load = useMutation({
    mutationFn: () => apiJson<CustomerBookingView>('GET', `/api/account/bookings/${booking.id}`),
    onSuccess: (view) => navigate(startRebooking(view)),
  });
  return (
    <>
      <Failure error={load.isError ? load.error : null} />
      <button type="button" className="btn btn-outline btn-small account-book-again" onClick={() => load.mutate()} disabled={load.isPending} aria-label={`Book Again: ${booking.reference}`}>
        {load.isPending ? 'Opening...' : 'Book Again'}
      </button>
    </>
  );
}
