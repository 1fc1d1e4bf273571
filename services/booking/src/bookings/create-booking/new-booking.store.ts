import type { Booking } from '@limo/contracts';
import { OUTBOX_COLUMNS } from '@limo/database';
import type pg from 'pg';
import type { NewBooking } from './new-booking.js';

// Hand-written SQL on purpose: storing a batch in one statement (with its keys, timeline and events)
// is what lets POST /api/bookings keep up with the raw INSERT (`npm run bench bookings`).

/** Columns are the Prisma fields in snake case (@map): new-booking-store.test.ts holds the table to it. */
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** An instant as JavaScript's toISOString writes it, like every other instant of the contracts. */
const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One statement per set of columns; its text names them, its types are the table's own (json_populate_record). */
function insertSql(fields: readonly string[]): string {
  const columns = fields.map((f) => `"${columnOf(f)}"`).join(', ');
  return `WITH input AS (
    SELECT x.*, nextval(pg_get_serial_sequence('bookings', 'id'))::int AS id,
      -- One probe of the reference's unique index per row (as EXISTS it became a hash join over every booking).
      (SELECT true FROM bookings b WHERE b.reference = x.booking->>'reference') IS NOT NULL AS taken
    FROM json_to_recordset($1::json) AS x(ord int, booking json, event_id uuid, event_type text, envelope jsonb, detail text, response jsonb, scope text, key text, hash text)),
  -- The key's row is written whole by its claim; a second request with the key waits on it and finds it taken.
  claim AS (
    INSERT INTO idempotency_keys (scope, key, request_hash, booking_id, response)
    SELECT scope, key, hash, id, jsonb_set(response, '{id}', to_jsonb(id)) FROM input
    WHERE key IS NOT NULL AND NOT taken ORDER BY scope, key, ord
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING booking_id),
  booking AS (
    INSERT INTO bookings (id, ${columns})
    SELECT i.id, ${fields.map((f) => `r."${columnOf(f)}"`).join(', ')}
    FROM input i, json_populate_record(null::bookings, i.booking) r
    WHERE NOT i.taken AND (i.key IS NULL OR i.id IN (SELECT booking_id FROM claim))
    ORDER BY i.ord
    RETURNING id, created_at, pickup_at),
  timeline AS (
    INSERT INTO booking_timeline (booking_id, at, kind, actor_kind, detail)
    SELECT b.id, b.created_at, 'created', 'customer', i.detail FROM booking b JOIN input i USING (id)),
  event AS (
    INSERT INTO outbox_events ${OUTBOX_COLUMNS}
    SELECT i.event_id, i.event_type, b.id::text,
      jsonb_set(jsonb_set(jsonb_set(i.envelope, '{aggregateId}', to_jsonb(b.id::text)), '{data,booking,id}', to_jsonb(b.id)), '{data,booking,pickupAt}', to_jsonb(${isoSql('b.pickup_at')})),
      b.created_at
    FROM booking b JOIN input i USING (id) ORDER BY i.ord)
  SELECT i.ord, b.id, i.taken FROM input i LEFT JOIN booking b USING (id)`;
}

/** A new booking whose reference another booking already has: nothing of it was stored. */
export class ReferenceTaken extends Error {
  constructor(readonly reference: string) {
    super(`Booking reference ${reference} is already taken`);
  }
}

/** What became of each booking of a batch: stored (with its id), null when its key was already taken, or ReferenceTaken. */
export type Stored = Booking | ReferenceTaken | null;

/** The statement for each set of columns, with its name (each connection plans a named statement once). */
const statements = new Map<string, { name: string; text: string }>();
function statementFor(fields: string[]) {
  const id = fields.join(',');
  let statement = statements.get(id);
  if (!statement) statements.set(id, (statement = { name: `booking-insert-${statements.size + 1}`, text: insertSql(fields) }));
  return statement;
}

/**
 * Stores new bookings, each with its timeline entry, its `created` event and its Idempotency-Key's
 * row, in one statement and one commit. A booking is stored only without a key or when its claim
 * took the key; one whose reference is taken writes nothing (the caller draws another).
 */
export async function storeNewBookings(sql: pg.Pool | pg.PoolClient, batch: readonly NewBooking[]): Promise<Stored[]> {
  const fields = [...new Set(batch.flatMap(({ data }) => Object.keys(data)))].sort();
  const rows = batch.map(({ data, booking, envelope, claim }, ord) => ({
    ord,
    booking: Object.fromEntries(Object.entries(data).map(([field, value]) => [columnOf(field), value])),
    event_id: envelope.eventId,
    event_type: envelope.type,
    envelope,
    detail: `Booked as ${booking.reference}`,
    ...(claim ? { response: booking, scope: claim.scope, key: claim.key, hash: claim.hash } : {}),
  }));
  const { rows: stored } = await sql.query<{ ord: number; id: number | null; taken: boolean }>({ ...statementFor(fields), values: [JSON.stringify(rows)] });
  const byOrd = new Map(stored.map((r) => [r.ord, r]));
  return batch.map(({ booking }, ord) => {
    const row = byOrd.get(ord);
    if (row?.taken) return new ReferenceTaken(booking.reference);
    return row?.id ? { ...booking, id: row.id } : null;
  });
}

/** A reference already taken: found by the statement, or the unique violation when two statements drew it at once. */
export function isReferenceCollision(error: unknown): boolean {
  if (error instanceof ReferenceTaken) return true;
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'bookings_reference_key';
}
