import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Booking, CreateTripResult, TripRequestInput } from '@limo/contracts';
import { apiRequest } from '../lib/api';
import { newIdempotencyKey } from '../lib/idempotency';

/** What the wizard made: the booking, and for a round trip its return and the trip's reference. */
export interface MadeBooking {
  booking: Booking;
  trip?: { reference: string; returnBooking: Booking };
}

/**
 * Creates the booking (`POST /api/bookings`), or both legs of a round trip (`POST /api/trips`).
 * The same payload sent again (a retry after a lost answer) reuses its Idempotency-Key, so the
 * server returns the first booking instead of making a second one; a changed payload gets a new key.
 */
export function useCreateBooking() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: async (payload: TripRequestInput): Promise<MadeBooking> => {
      const body = JSON.stringify(payload);
      if (last.current?.body !== body) last.current = { body, key: newIdempotencyKey() };
      const headers = { 'Idempotency-Key': last.current.key };
      if (!payload.returnTrip) {
        const res = await apiRequest('POST', '/api/bookings', payload, headers);
        return { booking: (await res.json()) as Booking };
      }
      const res = await apiRequest('POST', '/api/trips', payload, headers);
      const made = (await res.json()) as CreateTripResult;
      return { booking: made.booking, trip: { reference: made.tripReference, returnBooking: made.returnBooking } };
    },
  });
}
