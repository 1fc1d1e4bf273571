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

// Every value is cast: in INSERT ... SELECT Postgres cannot take the types from the columns.
const CASTS: Record<keyof typeof COLUMNS, string> = {
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
const n = keys.length;
const VALUES = keys.map((k, i) => `$${i + 1}::${CASTS[k]}`).join(', ');
const COLUMN_LIST = keys.map((k) => `"${COLUMNS[k]}"`).join(', ');
// The parameters after the booking's columns.
// The last four only with an Idempotency-Key (Postgres refuses a parameter a statement does not use).
const P = { eventId: n + 1, eventType: n + 2, envelope: n + 3, detail: n + 4, response: n + 5, scope: n + 6, key: n + 7, hash: n + 8 };

/** An instant as JavaScript's toISOString writes it (what the contracts' other instants look like). */
const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The timeline entry, the `created` event (the id and the trigger-kept pickup instant set into
 * the envelope built in JavaScript with the draft's id) and the row's id, from the `booking` CTE.
 */
const TAIL = `
  timeline AS (
    INSERT INTO booking_timeline (booking_id, at, kind, actor_kind, detail)
    SELECT id, created_at, 'created', 'customer', $${P.detail}::text FROM booking),
  event AS (
    INSERT INTO outbox_events ${OUTBOX_COLUMNS}
    SELECT $${P.eventId}::uuid, $${P.eventType}::text, id::text,
      jsonb_set(jsonb_set(jsonb_set($${P.envelope}::jsonb,
        '{aggregateId}', to_jsonb(id::text)),
        '{data,booking,id}', to_jsonb(id)),
        '{data,booking,pickupAt}', to_jsonb(${isoSql('pickup_at')})),
      created_at
    FROM booking)
  SELECT id FROM booking`;

/** Without an Idempotency-Key: the booking (id from its sequence), its timeline entry and event. */
const CREATE_SQL = `WITH booking AS (
    INSERT INTO bookings (${COLUMN_LIST}) VALUES (${VALUES}) RETURNING id, created_at, pickup_at),
  ${TAIL}`;

/**
 * With a key: the id is drawn first so that the key's row can be written whole (booking id and
 * response) by the claim itself; the booking is inserted only when the claim took the key. A
 * concurrent request with the same key waits on this statement's row lock, then finds the key
 * taken and inserts nothing. (Foreign keys are checked at the end of the statement, so the
 * order of the CTEs does not matter to them.)
 */
const CLAIM_AND_CREATE_SQL = `WITH new_id AS (SELECT nextval(pg_get_serial_sequence('bookings', 'id'))::int AS id),
  claim AS (
    INSERT INTO idempotency_keys (scope, key, request_hash, booking_id, response)
    SELECT $${P.scope}::text, $${P.key}::text, $${P.hash}::text, id, jsonb_set($${P.response}::jsonb, '{id}', to_jsonb(id)) FROM new_id
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING booking_id),
  booking AS (
    INSERT INTO bookings (id, ${COLUMN_LIST}) SELECT booking_id, ${VALUES} FROM claim RETURNING id, created_at, pickup_at),
  ${TAIL}`;

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

/**
 * Stores a new booking, its timeline entry and its `created` event (and, with a claim, the
 * Idempotency-Key with its response) in one statement: one round trip on the hot path of
 * POST /api/bookings, where the same work as an interactive transaction took six and Prisma's
 * per-statement cost on top (measured with `npm run bench bookings`). Returns the booking, or
 * null when the key was already taken (nothing stored). A reference already taken fails the
 * whole statement with a unique violation (see isReferenceCollision).
 */
export async function createBookingRow(sql: pg.Pool, data: Prisma.BookingCreateInput, claim?: KeyClaim): Promise<Booking | null> {
  const createdAt = new Date();
  const draft = draftRow(data, createdAt);
  const booking = toBooking(draft);
  const envelope = outboxEnvelope(bookingEvents.created, draft.id, { booking: toSnapshot(draft) }, createdAt);
  const values: unknown[] = keys.map((k) => {
    const value = data[k as keyof Prisma.BookingCreateInput];
    if (k === 'pickupDate') return (value as Date).toISOString().slice(0, 10);
    if (k === 'createdAt' || k === 'updatedAt') return createdAt;
    return value ?? null;
  });
  values.push(envelope.eventId, envelope.type, JSON.stringify(envelope), `Booked as ${draft.reference}`);
  if (claim) values.push(JSON.stringify(booking), claim.scope, claim.key, claim.hash);
  // Named, so each connection parses and plans the statement once and then only binds values
  // (the text is about 3 KB of CTEs: parsing it on every booking was most of Postgres's work).
  const { rows } = await sql.query<{ id: number }>(
    claim ? { name: 'booking-create-claimed', text: CLAIM_AND_CREATE_SQL, values } : { name: 'booking-create', text: CREATE_SQL, values },
  );
  if (!rows[0]) return null;
  return { ...booking, id: rows[0].id };
}

/** A unique violation on bookings.reference (and on nothing else), as pg reports it. */
export function isReferenceCollision(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'bookings_reference_key';
}
