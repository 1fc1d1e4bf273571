import { z } from 'zod';
import { BookingSnapshot } from './booking-events.js';
import { defineRpc } from './messages.js';

/**
 * Paged current state of every booking, in id order, for rebuilding reporting's projections
 * from the source (services talk only over NATS, never through each other's tables). Pages stay
 * at 1000 or fewer so a reply fits NATS's default 1 MB message limit.
 */
export const bookingSnapshotRpc = {
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
