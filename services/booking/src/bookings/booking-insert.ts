import { bookingEvents, type Booking } from '@limo/contracts';
import { OUTBOX_COLUMNS, outboxEnvelope } from '@limo/database';
import type pg from 'pg';
import { Prisma, type Booking as BookingRow } from '../generated/prisma/client.js';
import { toBooking, toSnapshot } from './booking.mapper.js';

/** Columns a new booking sets; the rest take their database defaults (see draftRow). */
const COLUMNS = {
  reference: 'reference',
  tripType: 'trip_type',
  pickupDate: 'pickup_date',
  pickupTime: 'pickup_time',
  pickupLocation: 'pickup_location',
  dropoffLocation: 'dropoff_location',
  waypoints: 'waypoints',
  duration: 'duration',
  specialRequests: 'special_requests',
  vehicleId: 'vehicle_id',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  paymentMethod: 'payment_method',
  smsUpdates: 'sms_updates',
  meetGreet: 'meet_greet',
  childSeats: 'child_seats',
  passengers: 'passengers',
  baseRate: 'base_rate',
  fare: 'fare',
  vehicleFare: 'vehicle_fare',
  offerCode: 'offer_code',
  offerSaving: 'offer_saving',
  meetGreetFee: 'meet_greet_fee',
  childSeatsFee: 'child_seats_fee',
  serviceFee: 'service_fee',
  gratuity: 'gratuity',
  totalAmount: 'total_amount',
  status: 'status',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Partial<Record<keyof BookingRow, string>>;

// Each column's type as the statement reads it from the batch's JSON (json_to_recordset's column list).
const COLUMN_TYPES: Record<keyof typeof COLUMNS, string> = {
  reference: 'text',
  tripType: 'text',
  pickupDate: 'date',
  pickupTime: 'text',
  pickupLocation: 'text',
  dropoffLocation: 'text',
  waypoints: 'text[]',
  duration: 'int',
  specialRequests: 'text',
  vehicleId: 'int',
  firstName: 'text',
  lastName: 'text',
  email: 'text',
  phone: 'text',
  paymentMethod: 'text',
  smsUpdates: 'boolean',
  meetGreet: 'boolean',
  childSeats: 'boolean',
  passengers: 'int',
  baseRate: 'numeric',
  fare: 'numeric',
  vehicleFare: 'numeric',
  offerCode: 'text',
  offerSaving: 'numeric',
  meetGreetFee: 'numeric',
  childSeatsFee: 'numeric',
  serviceFee: 'numeric',
  gratuity: 'numeric',
  totalAmount: 'numeric',
  status: 'text',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
};

const keys = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
const COLUMN_LIST = keys.map((k) => `"${COLUMNS[k]}"`).join(', ');
/** The batch's rows as json_to_recordset reads them: a booking's columns, then what goes with it. */
const INPUT_TYPES = [
  'ord int',
  ...keys.map((k) => `"${COLUMNS[k]}" ${COLUMN_TYPES[k]}`),
  'event_id uuid, event_type text, envelope jsonb, detail text',
  // Only with an Idempotency-Key.
  'response jsonb, scope text, key text, hash text',
].join(', ');

/** An instant as JavaScript's toISOString writes it (what the contracts' other instants look like). */
const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * New bookings, each with its timeline entry, its `created` event and, with an Idempotency-Key,
 * the key's row holding the answer, in one statement for a batch ($1: a JSON array of rows).
 *
 * Each row's id is drawn first so that the key's row is written whole (booking id and answer) by
 * the claim itself; a booking is inserted only without a key or when its claim took the key. A
 * concurrent request with the same key waits on this statement's row lock, then finds the key
 * taken and inserts nothing; a second row with the same key in the same batch is skipped the same
 * way (the one that arrived first takes it). A row whose reference a stored booking already has
 * writes nothing, not even its key's claim, and is answered as such (ReferenceTaken: the caller
 * draws another), instead of the unique violation failing the whole batch: with 24 million
 * references that happened about once in a thousand bookings once 30,000 were stored (`npm run
 * bench bookings`), and each time the batch was stored again one booking after another. Two rows
 * drawing the same new reference, or a reference another statement stores after this one began,
 * still fail the statement with a unique violation (isReferenceCollision).
 * Claims are made in key order, so two batches never
 * wait on each other's keys in a cycle. The bookings and their events are written in the batch's
 * order. The event's envelope was built in JavaScript; the
 * id and the trigger-kept pickup instant are set into it here. (Foreign keys are checked at the
 * end of the statement, so the order of the CTEs does not matter to them.)
 */
const INSERT_SQL = `WITH input AS (
    SELECT r.*, nextval(pg_get_serial_sequence('bookings', 'id'))::int AS id,
      -- A subquery per row (one probe of the reference's unique index): as EXISTS, the planner
      -- made it a hash join over every stored booking.
      (SELECT true FROM bookings b WHERE b.reference = r.reference) IS NOT NULL AS taken
    FROM json_to_recordset($1::json) AS r(${INPUT_TYPES})),
  claim AS (
    INSERT INTO idempotency_keys (scope, key, request_hash, booking_id, response)
    SELECT scope, key, hash, id, jsonb_set(response, '{id}', to_jsonb(id)) FROM input
    WHERE key IS NOT NULL AND NOT taken ORDER BY scope, key, ord
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING booking_id),
  booking AS (
    INSERT INTO bookings (id, ${COLUMN_LIST})
    SELECT id, ${COLUMN_LIST} FROM input
    WHERE NOT taken AND (key IS NULL OR id IN (SELECT booking_id FROM claim))
    ORDER BY ord
    RETURNING id, created_at, pickup_at),
  timeline AS (
    INSERT INTO booking_timeline (booking_id, at, kind, actor_kind, detail)
    SELECT b.id, b.created_at, 'created', 'customer', i.detail FROM booking b JOIN input i USING (id)),
  event AS (
    INSERT INTO outbox_events ${OUTBOX_COLUMNS}
    SELECT i.event_id, i.event_type, b.id::text,
      jsonb_set(jsonb_set(jsonb_set(i.envelope,
        '{aggregateId}', to_jsonb(b.id::text)),
        '{data,booking,id}', to_jsonb(b.id)),
        '{data,booking,pickupAt}', to_jsonb(${isoSql('b.pickup_at')})),
      b.created_at
    FROM booking b JOIN input i USING (id) ORDER BY i.ord)
  SELECT i.ord, b.id, i.taken FROM input i LEFT JOIN booking b USING (id)`;

export interface KeyClaim {
  scope: string;
  key: string;
  hash: string;
}

/**
 * The row a new booking will be, as Prisma would read it back, with every column default the
 * schema gives (id 1 until the database draws it): the answer, the stored Idempotency-Key
 * response and the event are made from it before the statement runs. The booking API tests read
 * the stored row back and compare.
 */
export function draftRow(data: Prisma.BookingCreateInput, createdAt: Date): BookingRow {
  const decimal = (value: Prisma.Decimal | Prisma.DecimalJsLike | number | string | null | undefined) => new Prisma.Decimal(String(value ?? 0));
  return {
    // A placeholder (the contracts want a positive id): the statement sets the drawn one.
    id: 1,
    reference: data.reference,
    version: 1,
    customerId: null,
    tripType: data.tripType,
    pickupDate: data.pickupDate as Date,
    pickupTime: data.pickupTime,
    pickupLocation: data.pickupLocation,
    dropoffLocation: data.dropoffLocation ?? null,
    waypoints: (data.waypoints as string[] | undefined) ?? [],
    duration: data.duration ?? null,
    specialRequests: data.specialRequests ?? null,
    passengers: data.passengers ?? null,
    vehicleId: data.vehicleId ?? null,
    driverId: null,
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: data.phone,
    paymentMethod: data.paymentMethod,
    smsUpdates: data.smsUpdates ?? false,
    meetGreet: data.meetGreet ?? false,
    childSeats: data.childSeats ?? false,
    baseRate: decimal(data.baseRate),
    fare: decimal(data.fare),
    vehicleFare: decimal(data.vehicleFare),
    offerCode: data.offerCode ?? null,
    offerSaving: decimal(data.offerSaving),
    meetGreetFee: decimal(data.meetGreetFee),
    childSeatsFee: decimal(data.childSeatsFee),
    serviceFee: decimal(data.serviceFee),
    gratuity: decimal(data.gratuity),
    totalAmount: decimal(data.totalAmount),
    driverEarnings: null,
    adminNotes: null,
    status: data.status ?? 'pending',
    assignedAt: null,
    responseDeadline: null,
    driverResponse: null,
    respondedAt: null,
    startedAt: null,
    completedAt: null,
    driverStatus: null,
    pickedUpAt: null,
    halfwayAt: null,
    twoMilesAt: null,
    droppedOffAt: null,
    currentLocation: null,
    estimatedArrival: null,
    // Kept by a trigger from the date and time in Los Angeles; the event takes the database's.
    pickupAt: createdAt,
    assignmentId: null,
    createdAt,
    updatedAt: createdAt,
  };
}

/** A booking ready to be stored: its row for the statement and the answer it will be. */
export interface BookingInput {
  row: Record<string, unknown>;
  booking: Booking;
}

/**
 * The row, answer, stored Idempotency-Key response and `created` event of a new booking, all made
 * from one draft before the statement runs (the database sets the drawn id and the trigger-kept
 * pickup instant into them).
 */
export function bookingInput(data: Prisma.BookingCreateInput, claim?: KeyClaim): BookingInput {
  const createdAt = new Date();
  const draft = draftRow(data, createdAt);
  const booking = toBooking(draft);
  const envelope = outboxEnvelope(bookingEvents.created, draft.id, { booking: toSnapshot(draft) }, createdAt);
  const row: Record<string, unknown> = {};
  for (const k of keys) {
    const value = data[k as keyof Prisma.BookingCreateInput];
    if (k === 'pickupDate') row[COLUMNS[k]] = (value as Date).toISOString().slice(0, 10);
    else if (k === 'createdAt' || k === 'updatedAt') row[COLUMNS[k]] = createdAt;
    else row[COLUMNS[k]] = value ?? null;
  }
  Object.assign(row, { event_id: envelope.eventId, event_type: envelope.type, envelope, detail: `Booked as ${draft.reference}` });
  if (claim) Object.assign(row, { response: booking, scope: claim.scope, key: claim.key, hash: claim.hash });
  return { row, booking };
}

/** A new booking whose reference another booking already has: nothing of it was stored. */
export class ReferenceTaken extends Error {
  constructor(readonly reference: string) {
    super(`Booking reference ${reference} is already taken`);
  }
}

/**
 * Stores a batch of new bookings (see INSERT_SQL) in one statement: one round trip and one commit
 * for every booking that arrived together on the hot path of POST /api/bookings, where each
 * booking alone cost a statement's planning, constraint set-up and commit (measured with `npm run
 * bench bookings`). Answers each booking, in the batch's order: stored (with its id), null when its
 * key was already taken, or ReferenceTaken (nothing stored for either). Two rows of the batch with
 * the same new reference fail the whole statement with a unique violation (see
 * isReferenceCollision), and then nothing of the batch is stored.
 */
export async function insertBookings(sql: pg.Pool, inputs: BookingInput[]): Promise<(Booking | ReferenceTaken | null)[]> {
  const rows = inputs.map((input, ord) => ({ ...input.row, ord }));
  // Named, so each connection parses and plans the statement once and then only binds the batch
  // (the text is about 3 KB of CTEs: parsing it on every booking was most of Postgres's work).
  const { rows: stored } = await sql.query<{ ord: number; id: number | null; taken: boolean }>({ name: 'booking-insert', text: INSERT_SQL, values: [JSON.stringify(rows)] });
  const byOrd = new Map(stored.map((r) => [r.ord, r]));
  return inputs.map((input, ord) => {
    const row = byOrd.get(ord);
    if (row?.taken) return new ReferenceTaken(input.booking.reference);
    return row?.id ? { ...input.booking, id: row.id } : null;
  });
}

/** A reference already taken: found by the statement, or a unique violation on bookings.reference (and on nothing else), as pg reports it. */
export function isReferenceCollision(error: unknown): boolean {
  if (error instanceof ReferenceTaken) return true;
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'bookings_reference_key';
}
