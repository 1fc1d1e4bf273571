import type { SqlExecutor } from './sql.js';

/**
 * Where a durable consumer's audit has got to for one event type it applies (a row of
 * `event_audit_cursors`, shared by the service's replicas). One row per type, not per durable: a
 * replica moves on only the types it applies, so during a deploy that adds a handler the earlier
 * replicas never carry the new type's cursor past the events they acknowledged unread, and the
 * types both deploys apply keep their cursor whatever else changed.
 */
export interface TypeCursor {
  type: string;
  /** The next stream sequence to check for this type. */
  seq: number;
  /** Sequences of this type's events found without their effect whose effect failed: tried again each round. */
  retry: number[];
}

/** How long a type's row may go unused (no replica applies that type any more) before it is deleted. */
const UNUSED_ROWS = "interval '7 days'";

export async function readAuditCursors(db: SqlExecutor, consumer: string): Promise<TypeCursor[]> {
  const rows = await db.$queryRawUnsafe<{ type: string; seq: string; retry: string[] }[]>(
    `SELECT type, stream_seq::text AS seq, retry::text[] AS retry FROM event_audit_cursors WHERE consumer = $1`,
    consumer,
  );
  return rows.map((row) => ({ type: row.type, seq: Number(row.seq), retry: row.retry.map(Number) }));
}

/**
 * Opens the rows of types new to a durable whose audit already runs (it has rows of other types),
 * or to any durable when `always` (its filter just changed), at `seq`: the durable's floor when
 * the replica that applies them started, below which their events were not this durable's to
 * apply (acknowledged unread by replicas without their handler, or outside its filter). A durable
 * with no row at all is otherwise left to its first round's lookback. A row already open goes back
 * to `seq` if it was past it (opened by a replica that started later; the lower start only costs
 * reads). Rows no replica has used for a week are deleted.
 */
export async function openAuditTypes(db: SqlExecutor, consumer: string, types: string[], seq: number, always = false): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO event_audit_cursors AS c (consumer, type, stream_seq)
     SELECT $1, t, $3 FROM unnest($2::text[]) AS t WHERE $4 OR EXISTS (SELECT 1 FROM event_audit_cursors WHERE consumer = $1)
     ON CONFLICT (consumer, type) DO UPDATE SET stream_seq = LEAST(c.stream_seq, EXCLUDED.stream_seq), updated_at = now()`,
    consumer,
    types,
    seq,
    always,
  );
  // Not this replica's own types: a service whose replicas were all down longer keeps where it was.
  await db.$executeRawUnsafe(`DELETE FROM event_audit_cursors WHERE consumer = $1 AND NOT (type = ANY($2::text[])) AND updated_at < now() - ${UNUSED_ROWS}`, consumer, types);
}

/**
 * Moves the cursors of `types` back to `seq`: only for cursors past the durable's floor (its stream
 * or itself made again, or a floor that went back across a leader change). Their retry lists stay:
 * after a leader change they are still events acknowledged without their effect.
 */
export async function rewindAuditCursors(db: SqlExecutor, consumer: string, types: string[], seq: number): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE event_audit_cursors SET stream_seq = $3, updated_at = now() WHERE consumer = $1 AND type = ANY($2::text[]) AND stream_seq > $3`,
    consumer,
    types,
    seq,
  );
}

/**
 * Records a round that checked `types` up to `seq`: each type's cursor moves on to `seq` and never
 * back (a slower replica's round changes nothing); `failed` join their type's retry list and
 * `settled` leave every list.
 */
export async function recordAuditRound(
  db: SqlExecutor,
  consumer: string,
  round: { types: string[]; seq: number; failed: { type: string; seq: number }[]; settled: number[] },
): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO event_audit_cursors AS c (consumer, type, stream_seq, retry)
     SELECT $1, t, $3, ARRAY(SELECT f.seq FROM unnest($4::text[], $5::bigint[]) AS f(type, seq) WHERE f.type = t ORDER BY f.seq)
     FROM unnest($2::text[]) AS t
     ON CONFLICT (consumer, type) DO UPDATE SET
       stream_seq = GREATEST(c.stream_seq, EXCLUDED.stream_seq),
       retry = ARRAY(SELECT DISTINCT s FROM unnest(c.retry || EXCLUDED.retry) AS s WHERE s <> ALL($6::bigint[]) ORDER BY s),
       updated_at = now()`,
    consumer,
    round.types,
    round.seq,
    round.failed.map((f) => f.type),
    round.failed.map((f) => f.seq),
    round.settled,
  );
}
