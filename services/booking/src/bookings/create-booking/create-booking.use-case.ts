import { Inject, Injectable } from '@nestjs/common';
import { bookingEvents, CreateBookingResult, quotePrice, type Booking, type BookingRequest } from '@limo/contracts';
import { Outbox } from '@limo/service-runtime';
import { Prisma } from '../../generated/prisma/client.js';
import { completeIdempotencyKey, storedResponse } from '../../idempotency/idempotency.store.js';
import { requestHash } from '../../idempotency/request-hash.js';
import { REFERENCE_GENERATOR, type ReferenceSource } from '../booking-reference.js';
import { newBookingData } from '../booking-rules.js';
import { toBooking, toSnapshot } from '../booking.mapper.js';
import { BookingsRepository, type BookingTx } from '../bookings.repository.js';
import { DispatchRepository } from '../../dispatch/dispatch.repository.js';

export interface CreateBookingCommand {
  request: BookingRequest;
  idempotencyKey?: string;
}

const CREATE_SCOPE = 'bookings.create';
const CUSTOMER = { kind: 'customer' as const, id: null, name: null };
const REFERENCE_ATTEMPTS = 8;

/**
 * Stores a booking with its `created` event, in one transaction with the Idempotency-Key (if
 * any) and the response it gets: a retry with the key answers the first booking and creates
 * nothing. A reference that is already taken rolls the attempt back and tries a new one.
 */
@Injectable()
export class CreateBooking {
  constructor(
    private readonly outbox: Outbox,
    private readonly bookings: BookingsRepository,
    @Inject(REFERENCE_GENERATOR) private readonly references: ReferenceSource,
    private readonly dispatch: DispatchRepository,
  ) {}

  async execute({ request, idempotencyKey }: CreateBookingCommand): Promise<CreateBookingResult> {
    const hash = idempotencyKey ? requestHash(request) : '';
    const claim = idempotencyKey ? { scope: CREATE_SCOPE, key: idempotencyKey, hash } : undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.outbox.transaction(async (tx: BookingTx, events) => {
          const row = await this.bookings.insert(tx, newBookingData(request, this.references.next(), quotePrice({ tripType: request.tripType, duration: request.duration, meetGreet: request.meetGreet, childSeats: request.childSeats })), claim);
          if (!row) {
            const first = await storedResponse<Booking>(tx, CREATE_SCOPE, idempotencyKey!, hash);
            return CreateBookingResult.parse({ booking: first, replayed: true });
          }
          const booking = toBooking(row);
          await this.dispatch.appendTimeline(tx, { bookingId: row.id, at: row.createdAt, kind: 'created', actor: CUSTOMER, detail: `Booked as ${row.reference}` });
          await events.append(bookingEvents.created, row.id, { booking: toSnapshot(row) });
          if (claim) await completeIdempotencyKey(tx, claim.scope, claim.key, row.id, booking);
          return { booking, replayed: false };
        });
      } catch (error) {
        if (attempt < REFERENCE_ATTEMPTS && isReferenceCollision(error)) continue;
        throw error;
      }
    }
  }
}

/**
 * A unique violation on bookings.reference (and not on anything else): P2002 from a Prisma
 * write, P2010 with the driver's constraint name from a raw statement.
 */
function isReferenceCollision(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code !== 'P2002' && error.code !== 'P2010') return false;
  return JSON.stringify(error.meta ?? {}).includes('bookings_reference_key') || (error.code === 'P2002' && JSON.stringify(error.meta ?? {}).includes('reference'));
}
