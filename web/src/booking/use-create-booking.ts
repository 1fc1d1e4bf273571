import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Booking, BookingRequestInput } from '@limo/contracts';
import { apiRequest } from '../lib/api';
import { newIdempotencyKey } from './idempotency';

/**
 * Creates the booking. The same payload sent again (a retry after a lost answer) reuses its
 * Idempotency-Key, so the server returns the first booking instead of making a second one; a
 * changed payload gets a new key.
 */
export function useCreateBooking() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: async (payload: BookingRequestInput): Promise<Booking> => {
      const body = JSON.stringify(payload);
      if (last.current?.body !== body) last.current = { body, key: newIdempotencyKey() };
      const res = await apiRequest('POST', '/api/bookings', payload, { 'Idempotency-Key': last.current.key });
      return (await res.json()) as Booking;
    },
  });
}
