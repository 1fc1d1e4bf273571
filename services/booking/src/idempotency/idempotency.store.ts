import { unprocessable } from '@limo/messaging';
import type { SqlExecutor } from '@limo/database';

export type Claim<R> = { claimed: true } | { claimed: false; response: R };

export const IDEMPOTENCY_MISMATCH = 'Idempotency-Key was already used with a different request';

/**
 * Claims an Idempotency-Key inside the caller's transaction. The unique (scope, key) row makes a
 * concurrent retry wait on the first request's transaction: once that commits, the retry finds
 * the stored response; if it rolled back, the retry claims the key itself.
 */
export async function claimIdempotencyKey<R>(tx: SqlExecutor, scope: string, key: string, hash: string): Promise<Claim<R>> {
  const inserted = await tx.$executeRawUnsafe(
    `INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT (scope, key) DO NOTHING`,
    scope,
    key,
    hash,
  );
  if (inserted === 1) return { claimed: true };
  const rows = await tx.$queryRawUnsafe<{ request_hash: string; response: R | null }[]>(
    `SELECT request_hash, response FROM idempotency_keys WHERE scope = $1 AND key = $2`,
    scope,
    key,
  );
  const row = rows[0];
  if (!row) throw new Error(`Idempotency key ${scope}/${key} vanished while being claimed`);
  if (row.request_hash !== hash) throw unprocessable(IDEMPOTENCY_MISMATCH);
  if (row.response === null) throw new Error(`Idempotency key ${scope}/${key} has no stored response`);
  return { claimed: false, response: row.response };
}

/** Stores the response given for a claimed key, in the same transaction as the work it describes. */
export async function completeIdempotencyKey(tx: SqlExecutor, scope: string, key: string, bookingId: number, response: unknown): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE idempotency_keys SET response = $3::jsonb, booking_id = $4 WHERE scope = $1 AND key = $2`,
    scope,
    key,
    JSON.stringify(response),
    bookingId,
  );
}

/** Keys are kept one day: long enough for any client retry. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600_000;

export async function purgeIdempotencyKeys(db: SqlExecutor, olderThanMs = IDEMPOTENCY_RETENTION_MS): Promise<number> {
  return db.$executeRawUnsafe(
    `DELETE FROM idempotency_keys WHERE created_at < now() - ($1::bigint * interval '1 millisecond')`,
    olderThanMs,
  );
}
