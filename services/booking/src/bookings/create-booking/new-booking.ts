import { bookingEvents, type Booking } from '@limo/contracts';
import { outboxEnvelope } from '@limo/database';
import { Prisma, type Booking as BookingRow } from '../../generated/prisma/client.js';
import { toBooking, toSnapshot } from '../../rides/booking.mapper.js';

/** An Idempotency-Key's claim: the request it names and its hash. */
export interface KeyClaim {
  scope: string;
  key: string;
  hash: string;
}

/** A booking ready for the store: its columns, the answer it will be and its `created` event. */
export interface NewBooking {
  /** The columns it sets, by Prisma field name; every other column takes the schema's default. */
  data: Prisma.BookingCreateInput;
  booking: Booking;
  envelope: ReturnType<typeof outboxEnvelope>;
  claim?: KeyClaim;
}

/** Every column of the Booking model (Prisma's own list), unset. */
const UNSET_ROW = Object.fromEntries(Object.values(Prisma.BookingScalarFieldEnum).map((field) => [field, null]));

/**
 * The row as it will read back once stored, made before the statement so the answer and the event
 * go in with it: the given columns (amounts as the quote's exact strings), the rest unset, version
 * 1; the store sets the drawn id and the trigger-kept pickup instant into the event.
 */
function draftRow(data: Prisma.BookingCreateInput, createdAt: Date): BookingRow {
  // pickupPinned: the column's default (a new pickup follows its flight).
  return { ...UNSET_ROW, pickupPinned: false, ...data, id: 1, version: 1, pickupAt: createdAt, createdAt, updatedAt: createdAt } as unknown as BookingRow;
}

export function newBooking(data: Prisma.BookingCreateInput, claim?: KeyClaim): NewBooking {
  const createdAt = new Date();
  const draft = draftRow(data, createdAt);
  return {
    data: { ...data, createdAt, updatedAt: createdAt },
    booking: toBooking(draft),
    envelope: outboxEnvelope(bookingEvents.created, draft.id, { booking: toSnapshot(draft) }, createdAt),
    claim,
  };
}
