import type pg from 'pg';
import { recordCtes, recordValues, type RideRecord } from '../ride-statement.js';

// Hand-written SQL, measured: the deadline firing late under the `dispatch` bench's burst (docs/performance.md).

/** An expiry decided on a booking as it was read (at `version`). */
export interface ExpiryWrite {
  bookingId: number;
  /** The booking's version the decision was made on: nothing is written if the row moved on. */
  version: number;
  assignmentId: string;
  record: RideRecord;
}

/**
 * The booking back to the pending list (no driver, nothing held, `expired`), its assignment
 * answered `expired`, the timeline entry and the event, in one statement that writes nothing
 * when the booking is no longer at the version the deadline was checked on (answered, withdrawn
 * or edited meanwhile: the job then looks again).
 */
const EXPIRE_SQL = `WITH expired AS (
    UPDATE bookings SET driver_id = NULL, driver_response = 'expired', hold_span = NULL, version = version + 1, updated_at = $3
    WHERE id = $1 AND version = $2
    RETURNING id),
  answered AS (
    UPDATE ride_assignments SET response = 'expired', responded_at = $3 WHERE id = $4::uuid AND EXISTS (SELECT 1 FROM expired)),
  ${recordCtes('expired', 5)}
  SELECT EXISTS (SELECT 1 FROM expired) AS expired`;

/** Whether the expiry was written (false: the booking moved on since it was read). */
export async function writeExpiry(sql: pg.Pool, e: ExpiryWrite): Promise<boolean> {
  const { rows } = await sql.query<{ expired: boolean }>({
    name: 'ride-expire',
    text: EXPIRE_SQL,
    values: [e.bookingId, e.version, e.record.at, e.assignmentId, ...recordValues(e.record)],
  });
  return rows[0].expired;
}
