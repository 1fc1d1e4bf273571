import type { SqlExecutor } from './sql.js';

/**
 * What a durable consumer's audit checks: the durable's filter on the server and the event types
 * the replica applies. Replicas that check the same share a row of `event_audit_cursors`.
 */
export interface AuditScope {
  consumer: string;
  filter: string;
  types: string[];
}

/** Where an audit has got to. */
export interface StoredAuditCursor {
  /** The next stream sequence to check. */
  seq: number;
  /** Sequences of events found without their effect whose effect failed: tried again each round. */
  retry: number[];
}

/** The scope as its row's key: the types in one order. */
const key = (scope: AuditScope) => [scope.consumer, scope.filter, [...new Set(scope.types)].sort()] as const;

export async function readAuditCursor(db: SqlExecutor, scope: AuditScope): Promise<StoredAuditCursor | undefined> {
  const rows = await db.$queryRawUnsafe<{ seq: string; retry: string[] }[]>(
    `SELECT stream_seq::text AS seq, retry::text[] AS retry FROM event_audit_cursors WHERE consumer = $1 AND filter = $2 AND types = $3::text[]`,
    ...key(scope),
  );
  const row = rows[0];
  return row && { seq: Number(row.seq), retry: row.retry.map(Number) };
}

/**
 * Opens a scope's row at `seq` when a deploy changed what the durable's audit checks (its filter
 * or the types its replicas apply): when the durable has a row of another scope, or `always`.
 * It takes over the other rows' retry lists. A row already open stays as it is.
 */
export async function openAuditScope(db: SqlExecutor, scope: AuditScope, seq: number, always: boolean): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO event_audit_cursors (consumer, filter, types, stream_seq, retry)
     SELECT $1, $2, $3::text[], $4, COALESCE((SELECT array_agg(DISTINCT s ORDER BY s) FROM event_audit_cursors o, unnest(o.retry) AS s WHERE o.consumer = $1), '{}')
     WHERE $5 OR EXISTS (SELECT 1 FROM event_audit_cursors WHERE consumer = $1)
     ON CONFLICT DO NOTHING`,
    ...key(scope),
    seq,
    always,
  );
}

/** Moves a scope's cursor back to `seq`: only for a cursor past the durable's floor (its stream or itself made again). */
export async function rewindAuditCursor(db: SqlExecutor, scope: AuditScope, seq: number): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE event_audit_cursors SET stream_seq = $4, updated_at = now() WHERE consumer = $1 AND filter = $2 AND types = $3::text[] AND stream_seq > $4`,
    ...key(scope),
    seq,
  );
}

/**
 * Records an audit round: the cursor moves on to `seq` and never back (a slower replica's round
 * changes nothing), `failed` join the retry list and `settled` leave it. Rows of the durable's
 * other scopes that no round has used for a week (replicas of an earlier deploy) are deleted.
 */
export async function recordAuditRound(db: SqlExecutor, scope: AuditScope, round: { seq: number; failed: number[]; settled: number[] }): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO event_audit_cursors AS c (consumer, filter, types, stream_seq, retry) VALUES ($1, $2, $3::text[], $4, $5::bigint[])
     ON CONFLICT (consumer, filter, types) DO UPDATE SET
       stream_seq = GREATEST(c.stream_seq, EXCLUDED.stream_seq),
       retry = ARRAY(SELECT DISTINCT s FROM unnest(c.retry || EXCLUDED.retry) AS s WHERE s <> ALL($6::bigint[]) ORDER BY s),
       updated_at = now()`,
    ...key(scope),
    round.seq,
    round.failed,
    round.settled,
  );
  await db.$executeRawUnsafe(
    `DELETE FROM event_audit_cursors WHERE consumer = $1 AND (filter, types) <> ($2, $3::text[]) AND updated_at < now() - interval '7 days'`,
    ...key(scope),
  );
}
