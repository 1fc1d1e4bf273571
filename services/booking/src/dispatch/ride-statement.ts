import type { Actor, EventEnvelope } from '@limo/contracts';
import { OUTBOX_COLUMNS } from '@limo/database';

/*
 * Pieces shared by dispatch's one-statement writes (assign, expire): each changes the booking in
 * a CTE guarded by the version its rules were checked on, and the rows that go with the change
 * are inserted from that CTE, so nothing is written when the booking moved on.
 */

/** What the timeline and the outbox get for a change, as statement parameters from `first` on. */
export interface RideRecord {
  at: Date;
  kind: string;
  actor: Actor;
  driverId: number | null;
  driverName: string | null;
  detail: string;
  event: EventEnvelope<unknown>;
}

/**
 * The timeline entry and the event, inserted once per row of the `changed` CTE (none when the
 * guard refused); their nine parameters start at `$first`.
 */
export function recordCtes(changed: string, first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `timeline AS (
    INSERT INTO booking_timeline (booking_id, at, kind, actor_kind, actor_id, actor_name, driver_id, driver_name, detail)
    SELECT id, ${p(0)}::timestamptz, ${p(1)}::text, ${p(2)}::text, ${p(3)}::int, ${p(4)}::text, ${p(5)}::int, ${p(6)}::text, ${p(7)}::text FROM ${changed}),
  event AS (
    INSERT INTO outbox_events ${OUTBOX_COLUMNS}
    SELECT (${p(8)}::jsonb ->> 'eventId')::uuid, ${p(8)}::jsonb ->> 'type', id::text, ${p(8)}::jsonb, ${p(0)}::timestamptz FROM ${changed})`;
}

/** The parameters of recordCtes, in its order. */
export function recordValues(r: RideRecord): unknown[] {
  return [r.at, r.kind, r.actor.kind, r.actor.id, r.actor.name, r.driverId, r.driverName, r.detail, JSON.stringify(r.event)];
}
