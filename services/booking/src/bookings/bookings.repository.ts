import { Inject, Injectable } from '@nestjs/common';
import {
  bookingEvents,
  CreateBookingResult,
  type Booking,
  type BookingRequest,
  type BookingSnapshot,
  type PendingBookingRequest,
  type UpdateBookingRequest,
} from '@limo/contracts';
import { appendToOutbox } from '@limo/database';
import { notFound } from '@limo/messaging';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { BookingDb } from '../booking.db.js';
import { Prisma } from '../generated/prisma/client.js';
import { completeIdempotencyKey, storedResponse } from '../idempotency/idempotency.store.js';
import { requestHash } from '../idempotency/request-hash.js';
import { REFERENCE_GENERATOR, type ReferenceSource } from './booking-reference.js';
import { toBooking, toPendingRequest, toSnapshot } from './booking.mapper.js';
import { newBookingData, planChange } from './booking-rules.js';
import { insertBooking } from './booking-insert.js';
import { VehicleNames } from './vehicle-names.js';

const CREATE_SCOPE = 'bookings.create';
const REFERENCE_ATTEMPTS = 8;
// A retry waits on the first request's transaction; give it room beyond Prisma's 2 s / 5 s.
const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

@Injectable()
export class BookingsRepository {
  private readonly db: BookingDb;

  constructor(
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime<BookingDb>,
    @Inject(REFERENCE_GENERATOR) private readonly references: ReferenceSource,
    private readonly vehicleNames: VehicleNames,
  ) {
    this.db = runtime.db;
  }

  /**
   * Stores a booking with its `created` event, in one transaction with the Idempotency-Key (if
   * any) and the response it gets. A reference that is already taken rolls the attempt back and
   * tries a new one.
   */
  async create(request: BookingRequest, idempotencyKey?: string): Promise<CreateBookingResult> {
    const hash = idempotencyKey ? requestHash(request) : '';
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await this.db.$transaction(async (tx) => {
          const claim = idempotencyKey ? { scope: CREATE_SCOPE, key: idempotencyKey, hash } : undefined;
          const row = await insertBooking(tx, newBookingData(request, this.references.next()), claim);
          if (!row) {
            const first = await storedResponse<Booking>(tx, CREATE_SCOPE, idempotencyKey!, hash);
            return CreateBookingResult.parse({ booking: first, replayed: true });
          }
          const booking = toBooking(row);
          await appendToOutbox(tx, bookingEvents.created, row.id, { booking: toSnapshot(row) });
          if (claim) await completeIdempotencyKey(tx, claim.scope, claim.key, row.id, booking);
          return { booking, replayed: false };
        }, TX_OPTIONS);
        if (!result.replayed) this.runtime.relay.nudge();
        return result;
      } catch (error) {
        if (attempt < REFERENCE_ATTEMPTS && isReferenceCollision(error)) continue;
        throw error;
      }
    }
  }

  /** A page of bookings, newest first, below the `cursor` id. */
  async list(cursor: number | undefined, limit: number): Promise<Page<Booking>> {
    const rows = await this.db.booking.findMany({
      where: cursor ? { id: { lt: cursor } } : undefined,
      orderBy: { id: 'desc' },
      take: limit + 1,
    });
    return pageOf(rows, limit, toBooking);
  }

  /** A page of pending requests, oldest first (the one waiting longest on top), above `cursor`. */
  async listPending(cursor: number | undefined, limit: number): Promise<Page<PendingBookingRequest>> {
    const [rows, names] = await Promise.all([
      this.db.booking.findMany({
        where: { status: 'pending', ...(cursor ? { id: { gt: cursor } } : {}) },
        orderBy: { id: 'asc' },
        take: limit + 1,
      }),
      this.vehicleNames.byId(),
    ]);
    return pageOf(rows, limit, (row) => toPendingRequest(row, names));
  }

  /**
   * Applies an admin edit under a row lock, so concurrent edits see each other's status and the
   * event's previousStatus is the true one. Emits `statusChanged` when the status moves and
   * `updated` for any other change.
   */
  async update(id: number, changes: UpdateBookingRequest): Promise<Booking> {
    const result = await this.db.$transaction(async (tx) => {
      const locked = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM bookings WHERE id = $1 FOR UPDATE`, id);
      if (locked.length === 0) throw notFound(`Booking ${id} not found`);
      const row = await tx.booking.findUniqueOrThrow({ where: { id } });
      const change = planChange(row, changes, new Date());
      if (change.kind === 'none') return { booking: toBooking(row), changed: false };
      const updated = await tx.booking.update({ where: { id }, data: change.data });
      const booking = toSnapshot(updated);
      if (change.kind === 'statusChanged') {
        await appendToOutbox(tx, bookingEvents.statusChanged, id, { booking, previousStatus: change.previousStatus, status: change.status });
      } else {
        await appendToOutbox(tx, bookingEvents.updated, id, { booking });
      }
      return { booking: toBooking(updated), changed: true };
    }, TX_OPTIONS);
    if (result.changed) this.runtime.relay.nudge();
    return result.booking;
  }

  /** Current state of every booking in id order, a page at a time (rebuilding projections). */
  async snapshots(afterId: number, limit: number): Promise<{ items: BookingSnapshot[]; nextAfterId: number | null }> {
    const rows = await this.db.booking.findMany({ where: { id: { gt: afterId } }, orderBy: { id: 'asc' }, take: limit });
    const items = rows.map(toSnapshot);
    return { items, nextAfterId: rows.length === limit ? rows[rows.length - 1].id : null };
  }
}

export interface Page<T> {
  items: T[];
  nextCursor: number | null;
}

/** A reply must fit in one NATS message (1 MB): a page stops early when it grows past this. */
export const PAGE_MAX_BYTES = 700_000;

/**
 * Up to `limit` of the rows (the query fetched one more, to know whether more follow), cut
 * short when the serialised page would outgrow PAGE_MAX_BYTES. The cursor is the last id given.
 */
export function pageOf<R extends { id: number }, T>(rows: R[], limit: number, map: (row: R) => T, maxBytes = PAGE_MAX_BYTES): Page<T> {
  const items: T[] = [];
  let bytes = 2;
  let last: R | undefined;
  for (const row of rows.slice(0, limit)) {
    const item = map(row);
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (items.length > 0 && bytes + size > maxBytes) break;
    items.push(item);
    bytes += size;
    last = row;
  }
  const more = items.length < rows.length;
  return { items, nextCursor: more && last ? last.id : null };
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
