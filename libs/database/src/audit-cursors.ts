import type { SqlExecutor } from './sql.js';

/** Where a durable consumer's audit has got to (`event_audit_cursors`), shared by the service's replicas. */
export interface StoredAuditCursor {
  /** The next stream sequence to check. */
  seq: number;
  /** The durable's filter on the server that `seq` was reached under. */
  filter: string;
  /** Sequences of events found without their effect whose effect failed: tried again each round. */
  retry: number[];
}

export async function readAuditCursor(db: SqlExecutor, consumer: string): Promise<StoredAuditCursor | undefined> {
  const rows = await db.$queryRawUnsafe<{ seq: string; filter: string; retry: string[] }[]>(
    `SELECT stream_seq::text AS seq, filter, retry::text[] AS retry FROM event_audit_cursors WHERE consumer = $1`,
    consumer,
  );
  const row = rows[0];
  return row && { seq: Number(row.seq), filter: row.filter, retry: row.retry.map(Number) };
}

/**
 * Starts a consumer's audit over at `seq` under `filter`, unless the stored cursor is already
 * under that filter and at or below `seq` (another replica got there first). The retry list stays.
 */
export async function restartAuditCursor(db: SqlExecutor, consumer: string, filter: string, seq: number): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO event_audit_cursors AS c (consumer, filter, stream_seq) VALUES ($1, $2, $3)
     ON CONFLICT (consumer) DO UPDATE SET filter = EXCLUDED.filter, stream_seq = EXCLUDED.stream_seq, updated_at = now()
     WHERE c.filter <> EXCLUDED.filter OR c.stream_seq > EXCLUDED.stream_seq`,
    consumer,
    filter,
    seq,
  );
}

/**
 * Records an audit round under `filter`: the cursor moves on to `seq` and never back (a slower
 * replica's round changes nothing), `failed` join the retry list and `settled` leave it. A round
 * under a filter the durable no longer has (the filter changed while it ran) changes nothing.
 */
export async function recordAuditRound(db: SqlExecutor, consumer: string, filter: string, round: { seq: number; failed: number[]; settled: number[] }): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO event_audit_cursors AS c (consumer, filter, stream_seq, retry) VALUES ($1, $2, $3, $4::bigint[])
     ON CONFLICT (consumer) DO UPDATE SET
       stream_seq = GREATEST(c.stream_seq, EXCLUDED.stream_seq),
       retry = ARRAY(SELECT DISTINCT s FROM unnest(c.retry || EXCLUDED.retry) AS s WHERE s <> ALL($5::bigint[]) ORDER BY s),
       updated_at = now()
     WHERE c.filter = EXCLUDED.filter`,
    consumer,
    filter,
    round.seq,
    round.failed,
    round.settled,
  );
}
