import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CustomerBookingView } from '@limo/contracts/booking/self-service';
import { ApiError } from '../lib/api';

/** The query of one of the account's bookings (GET /api/account/bookings/{id}), shared by its pages. */
export const accountBookingQuery = (id: string) => [`/api/account/bookings/${id}`];

/** The page's `?id=` and its booking's query (a page's parts outside the loader ask it too: one request). */
export function useAccountBooking() {
  const id = useSearchParams()[0].get('id') ?? '';
  const valid = /^\d{1,10}$/.test(id);
  const booking = useQuery<CustomerBookingView>({ queryKey: accountBookingQuery(id), enabled: valid });
  return { id, valid, booking };
}

/**
 * The booking of the page's `?id=`, or what stands instead: loading, a prompt to sign in (401),
 * or "not found on your account" for another's, an unknown or a malformed id alike.
 */
export function AccountBookingLoader({ what, children }: { what: string; children(booking: CustomerBookingView, id: string): ReactNode }) {
  const { id, valid, booking } = useAccountBooking();
  if (!valid || booking.isError) {
    return (
      <p className="account-message" role="alert">
        {booking.error instanceof ApiError && booking.error.status === 401 ? `Please sign in to see your ${what}.` : 'This booking could not be found on your account.'}
      </p>
    );
  }
  if (!booking.data) return <p className="muted">Loading your {what}...</p>;
  return <>{children(booking.data, id)}</>;
}
