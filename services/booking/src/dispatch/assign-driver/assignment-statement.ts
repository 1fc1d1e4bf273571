import type { Actor, EventEnvelope } from '@limo/contracts';
import type pg from 'pg';
import type { Overlap } from '../../rides/dispatch.repository.js';
import { recordCtes, recordValues } from '../ride-statement.js';

// Hand-written SQL, measured: the `dispatch` bench's burst (docs/performance.md, Assign & Notify under a burst).

/** An assignment decided on a booking as it was read (at `version`). */
export interface AssignmentWrite {
  bookingId: number;
  /** The booking's version the decision was made on: nothing is written if the row moved on. */
  version: number;
  assignmentId: string;
  driverId: number;
  driverName: string;
  vehicleId: number | null;
  at: Date;
  responseDeadline: Date;
  span: { from: Date; to: Date };
  actor: Actor;
  detail: string;
  /** The `ride-assigned` event, built (and validated) from the booking as it will be. */
  event: EventEnvelope<unknown>;
}

export type AssignmentOutcome =
  | { kind: 'assigned' }
  /** Another ride holds the driver or the vehicle during the span (seen by this statement). */
  | { kind: 'overlap'; holder: 'driver' | 'vehicle'; overlap: Overlap }
  /** The booking changed (or went) since it was read: decide again on the new row. */
  | { kind: 'moved-on' };

/**
 * The overlap check, the booking's new driver, vehicle, deadline and hold, the assignment's row,
 * the timeline entry and the event, in one statement: it commits or fails whole, costs one round
 * trip where the interactive transaction took ten, and writes nothing when another ride holds the
 * driver or vehicle or when the booking's version is no longer the one the rules were checked on.
 * A hold committed by a concurrent statement after this one's snapshot is still refused, by the
 * exclusion constraints (23P01, see isOverlapViolation).
 */
const ASSIGN_SQL = `WITH overlap AS (
    SELECT CASE WHEN driver_id = $3 THEN 'driver' ELSE 'vehicle' END AS holder, id, reference FROM bookings
    WHERE id <> $1 AND hold_span && tstzrange($8, $9, '[)') AND (driver_id = $3 OR vehicle_id = $4)
    ORDER BY driver_id = $3 DESC, pickup_at LIMIT 1),
  assigned AS (
    UPDATE bookings SET driver_id = $3, vehicle_id = $4, assigned_at = $5, response_deadline = $6, driver_response = 'pending',
      responded_at = NULL, driver_status = NULL, assignment_id = $7, hold_span = tstzrange($8, $9, '[)'),
      version = version + 1, updated_at = $5
    WHERE id = $1 AND version = $2 AND NOT EXISTS (SELECT 1 FROM overlap)
    RETURNING id),
  assignment AS (
    INSERT INTO ride_assignments (id, booking_id, driver_id, vehicle_id, assigned_at, response_deadline, response, assigned_by)
    SELECT $7::uuid, id, $3::int, $4::int, $5::timestamptz, $6::timestamptz, 'pending', $10::text FROM assigned),
  ${recordCtes('assigned', 11)}
  SELECT EXISTS (SELECT 1 FROM assigned) AS assigned, EXISTS (SELECT 1 FROM bookings WHERE id = $1 AND version = $2) AS current,
    (SELECT holder FROM overlap) AS holder, (SELECT id FROM overlap) AS overlap_id, (SELECT reference FROM overlap) AS overlap_reference`;

export async function writeAssignment(sql: pg.Pool, a: AssignmentWrite): Promise<AssignmentOutcome> {
  const { rows } = await sql.query<{ assigned: boolean; current: boolean; holder: 'driver' | 'vehicle' | null; overlap_id: number | null; overlap_reference: string | null }>({
    // Named: each connection parses and plans it once.
    name: 'ride-assign',
    text: ASSIGN_SQL,
    values: [
      a.bookingId,
      a.version,
      a.driverId,
      a.vehicleId,
      a.at,
      a.responseDeadline,
      a.assignmentId,
      a.span.from,
      a.span.to,
      a.actor.name,
      ...recordValues({ at: a.at, kind: 'assigned', actor: a.actor, driverId: a.driverId, driverName: a.driverName, detail: a.detail, event: a.event }),
    ],
  });
  const row = rows[0];
  if (row.assigned) return { kind: 'assigned' };
  // A booking that changed is decided again first: it may no longer be assignable at all.
  if (!row.current) return { kind: 'moved-on' };
  if (row.holder) return { kind: 'overlap', holder: row.holder, overlap: { bookingId: row.overlap_id!, reference: row.overlap_reference! } };
  return { kind: 'moved-on' };
}
