import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatBusinessInstant } from '@limo/contracts/common/business-time';
import type { AccountBooking, AccountBookingGroup, AccountBookings } from '@limo/contracts/customers/account';
import { statusBadge } from '../lib/booking-status';
import { formatMoney } from '../lib/format';
import { SectionState } from './SectionState';

const GROUPS: { group: AccountBookingGroup; title: string; empty: string }[] = [
  { group: 'upcoming', title: 'Upcoming', empty: 'No upcoming rides.' },
  { group: 'past', title: 'Past', empty: 'No past rides yet.' },
  { group: 'cancelled', title: 'Cancelled', empty: 'No cancelled bookings.' },
];

/** Every booking made with the account's email, in three groups, each opening its manage page. */
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
                <BookingCard key={booking.reference} booking={booking} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function BookingCard({ booking }: { booking: AccountBooking }) {
  const badge = statusBadge(booking.status);
  return (
    <li className="card account-booking">
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
          {formatMoney(booking.total)}
        </span>
        <Link to={booking.manageLink} aria-label={`Manage booking ${booking.reference}`}>
          Manage
        </Link>
      </p>
    </li>
  );
}
