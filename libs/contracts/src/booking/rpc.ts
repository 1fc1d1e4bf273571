import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { AddressSuggestion, Booking, IdempotencyKey, PendingBookingRequest, BookingRequest, UpdateBookingRequest } from './http.js';
import { BookingSnapshot } from './events.js';

export const CreateBookingResult = z.object({
  booking: Booking,
  /** True when an earlier request with the same Idempotency-Key already created it. */
  replayed: z.boolean(),
});
export type CreateBookingResult = z.infer<typeof CreateBookingResult>;

/**
 * Lists travel over NATS a page at a time: a reply must stay under NATS's 1 MB message limit,
 * whatever the number of bookings. The service also cuts a page short by size.
 */
export const BOOKING_PAGE_MAX = 100;
export const BookingPageRequest = z
  .object({
    cursor: z.number().int().positive().optional(),
    limit: z.number().int().min(1).max(BOOKING_PAGE_MAX).default(BOOKING_PAGE_MAX),
  })
  .strict();
export type BookingPageRequest = z.infer<typeof BookingPageRequest>;
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.number().int().nullable() });

export const bookingRpc = {
  create: defineRpc(
    'booking.bookings.create.v1',
    z.object({ booking: BookingRequest, idempotencyKey: IdempotencyKey.optional() }).strict(),
    CreateBookingResult,
  ),
  /** Newest first; `cursor` is the id to continue below. */
  list: defineRpc('booking.bookings.list.v1', BookingPageRequest, page(Booking)),
  /** Oldest first (the longest waiting comes first); `cursor` is the id to continue above. */
  listPending: defineRpc('booking.bookings.pending.v1', BookingPageRequest, page(PendingBookingRequest)),
  update: defineRpc(
    'booking.bookings.update.v1',
    z.object({ id: z.number().int().positive(), changes: UpdateBookingRequest }).strict(),
    Booking,
  ),
  suggestAddresses: defineRpc(
    'booking.addresses.suggest.v1',
    z.object({ q: z.string().max(200) }).strict(),
    z.array(AddressSuggestion),
  ),
  /**
   * Paged current state of every booking, in id order, for rebuilding reporting's projections
   * from the source (services talk only over NATS, never through each other's tables). Pages stay
   * at 1000 or fewer so a reply fits NATS's default 1 MB message limit.
   */
  snapshots: defineRpc(
    'booking.bookings.snapshots.v1',
    z
      .object({
        afterId: z.number().int().nonnegative().default(0),
        limit: z.number().int().min(1).max(1000).default(500),
      })
      .strict(),
    z.object({ items: z.array(BookingSnapshot), nextAfterId: z.number().int().nullable() }),
  ),
};
