import type { Assignment } from '@limo/contracts';
import type { SqlExecutor } from '@limo/database';
import { enterProjectionWrite } from '../projections/projection-locks.js';

export type AssignmentFactInput = Pick<Assignment, 'id' | 'bookingId' | 'driverId' | 'assignedAt' | 'response' | 'respondedAt'> & { reference: string };

/**
 * Keeps one row per assignment, whatever order its events arrive in: every dispatch event
 * carries the whole assignment, and an answer (anything but pending) is never undone by an
 * older event that still says pending.
 */
export async function applyAssignment(tx: SqlExecutor, assignment: AssignmentFactInput, table = 'assignment_facts'): Promise<void> {
  if (table === 'assignment_facts') await enterProjectionWrite(tx);
  await tx.$executeRawUnsafe(
    `INSERT INTO ${table} (assignment_id, booking_id, reference, driver_id, assigned_at, response, responded_at)
     VALUES ($1::uuid, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (assignment_id) DO UPDATE SET
       response = CASE WHEN EXCLUDED.response = 'pending' THEN ${table}.response ELSE EXCLUDED.response END,
       responded_at = coalesce(EXCLUDED.responded_at, ${table}.responded_at)`,
    assignment.id,
    assignment.bookingId,
    assignment.reference,
    assignment.driverId,
    assignment.assignedAt,
    assignment.response,
    assignment.respondedAt,
  );
}
