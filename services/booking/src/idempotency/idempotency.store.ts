import { unprocessable } from '@limo/messaging';
import type { SqlExecutor } from '@limo/database';

const IDEMPOTENCY_MISMATCH = 'Idempotency-Key was already used with a different request';

/**
 * The response stored for a key another request has claimed (and committed: claiming waits on
 * that request's transaction). The same key with another request body is refused with a 422.
 */
export async function storedResponse<R>(tx: SqlExecutor, scope: string, key: string, hash: string): Promise<R> {
  const rows = await tx.$queryRawUnsafe<{ request_hash: string; response: R | null }[]>(
    `SELECT request_hash, response FROM idempotency_keys WHERE scope = $1 AND key = $2`,
    scope,
    key,
  );
  const row = rows[0];
  if (!row) throw new Error(`Idempotency key ${scope}/${key} vanished while being claimed`);
  if (row.request_hash !== hash) throw unprocessable(IDEMPOTENCY_MISMATCH);
  if (row.response === null) throw new Error(`Idempotency key ${scope}/${key} has no stored response`);
  return row.response;
}

/** Keys are kept one day: long enough for any client retry. */
const IDEMPOTENCY_RETENTION_MS = 24 * 3600_000;

export async function purgeIdempotencyKeys(db: SqlExecutor, olderThanMs = IDEMPOTENCY_RETENTION_MS): Promise<number> {
  // SQL: aged by the database's clock (now()), the one that stamped created_at, not this process's.
  return db.$executeRawUnsafe(
    `DELETE FROM idempotency_keys WHERE created_at < now() - ($1::bigint * interval '1 millisecond')`,
    olderThanMs,
  );
}
