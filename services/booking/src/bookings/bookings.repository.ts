import { Injectable } from '@nestjs/common';
import type { Booking, BookingFilters, BookingSnapshot, PendingBookingRequest } from '@limo/contracts';
import { PrismaClient } from '../generated/prisma/client.js';
import { toBooking, toPendingRequest, toSnapshot } from '../rides/booking.mapper.js';
import type { KeyClaim } from './create-booking/new-booking.js';
import { storedResponse } from '../idempotency/idempotency.store.js';

export interface Page<T> {
  items: T[];
  nextCursor: number | null;
}

/** The bookings' lists and a create's replay; a ride's row itself is rides/rides.repository.ts's. */
@Injectable()
export class BookingsRepository {
  constructor(private readonly db: PrismaClient) {}

  /**
   * The booking a key's first request created (that request committed: claiming the key waited
   * on it); 422 when the key came with another request.
   */
  replayOf(claim: KeyClaim): Promise<Booking> {
    return storedResponse<Booking>(this.db, claim.scope, claim.key, claim.hash);
  }

  /** The booking an Idempotency-Key already created, when the same request claimed it; else null. */
  async storedCreate(claim: KeyClaim): Promise<Booking | null> {
    const rows = await this.db.$queryRawUnsafe<{ response: Booking | null }[]>(
      `SELECT response FROM idempotency_keys WHERE scope = $1 AND key = $2 AND request_hash = $3`,
      claim.scope,
      claim.key,
      claim.hash,
    );
    return rows[0]?.response ?? null;
  }

  /** A page of the bookings the filters match, newest first, below the `cursor` id. */
  async list(cursor: number | undefined, limit: number, filters: BookingFilters = {}): Promise<Page<Booking>> {
    const { sql, values } = listFilterSql(filters, cursor);
    // SQL for the ids: the search matches the phone's digits (regexp_replace), which Prisma's filters cannot.
    const ids = await this.db.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM bookings WHERE ${sql} ORDER BY id DESC LIMIT ${limit + 1}`, ...values);
    const rows = await this.db.booking.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { id: 'desc' } });
    return pageOf(rows, limit, toBooking);
  }

  /** A page of pending requests, oldest first (the one waiting longest on top), above `cursor`. */
  async listPending(cursor: number | undefined, limit: number, vehicleNames: ReadonlyMap<number, string>): Promise<Page<PendingBookingRequest>> {
    const rows = await this.db.booking.findMany({
      where: { status: 'pending', ...(cursor ? { id: { gt: cursor } } : {}) },
      orderBy: { id: 'asc' },
      take: limit + 1,
    });
    return pageOf(rows, limit, (row) => toPendingRequest(row, vehicleNames));
  }

  /** Current state of every booking in id order, a page at a time (rebuilding projections). */
  async snapshots(afterId: number, limit: number): Promise<{ items: BookingSnapshot[]; nextAfterId: number | null }> {
    const rows = await this.db.booking.findMany({ where: { id: { gt: afterId } }, orderBy: { id: 'asc' }, take: limit });
    return { items: rows.map(toSnapshot), nextAfterId: rows.length === limit ? rows[rows.length - 1].id : null };
  }

  count(): Promise<number> {
    return this.db.booking.count();
  }
}

/** `%`, `_` and `\` typed in a search mean themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The WHERE clause of the admin list: status, pickup date range, and a search where every typed
 * word must match the reference, first or last name or email, or (typed digits) the phone's digits.
 */
function listFilterSql(filters: BookingFilters, cursor?: number): { sql: string; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (cursor) clauses.push(`id < ${param(cursor)}`);
  if (filters.status) clauses.push(`status = ${param(filters.status)}`);
  if (filters.from) clauses.push(`pickup_date >= ${param(filters.from)}::date`);
  if (filters.to) clauses.push(`pickup_date <= ${param(filters.to)}::date`);
  for (const word of (filters.q ?? '').split(/\s+/).filter(Boolean)) {
    const text = param(likeText(word));
    const digits = word.replace(/\D/g, '');
    const phone = digits.length >= 3 ? ` OR regexp_replace(phone, '\\D', '', 'g') LIKE ${param(`%${digits}%`)}` : '';
    // A round trip's reference (RT-...) finds both its legs.
    clauses.push(`(reference ILIKE ${text} OR trip_reference ILIKE ${text} OR first_name ILIKE ${text} OR last_name ILIKE ${text} OR email ILIKE ${text}${phone})`);
  }
  return { sql: clauses.length > 0 ? clauses.join(' AND ') : 'true', values };
}

/** A reply must fit in one NATS message (1 MB): a page stops early when it grows past this. */
const PAGE_MAX_BYTES = 700_000;

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
