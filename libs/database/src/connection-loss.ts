/**
 * Whether an error means the database connection was lost or could not be had (the server
 * restarted, an operator terminated the connection, the pool timed out), rather than anything
 * about the request: the work did not happen, or its outcome is unknown, and trying again later
 * is the answer. Recognised through every layer that wraps it: pg's own errors, Prisma's
 * (with the driver adapter's cause in `meta`), and Postgres's SQLSTATE.
 */
export function isConnectionLoss(error: unknown): boolean {
  return codesOf(error).some((code) => CONNECTION_CODES.has(code) || code.startsWith('08')) || CONNECTION_MESSAGES.test(messageOf(error));
}

// 57P01-03: the server is shutting down, terminated the connection, or is not accepting yet;
// class 08: connection exceptions; P1001/P1002/P1008/P1017: Prisma cannot reach, timed out,
// or lost the server; P2024: no pooled connection in time; P2028: an interactive transaction
// that could not start in time (every connection busy) or ran past its time and was rolled back;
// 25006: a write on a server that is a standby now (a failover moved the primary, and this
// connection was made to the old one before the load balancer knew: it cuts such connections).
const CONNECTION_CODES = new Set(['25006', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);
const CONNECTION_MESSAGES = /in a read-only transaction|Connection terminated|connection error and is not queryable|terminating connection due to|Can't reach database server|server closed the connection unexpectedly|timeout exceeded when trying to connect/i;

type Coded = { code?: unknown; message?: unknown; cause?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: { code?: unknown; originalCode?: unknown } } } };

function codesOf(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== 'object' || depth > 3) return [];
  const e = error as Coded;
  const adapter = e.meta?.driverAdapterError?.cause;
  // A raw query's error (Prisma P2010) carries the server's SQLSTATE in meta.code.
  return [e.code, e.meta?.code, adapter?.code, adapter?.originalCode].filter((c): c is string => typeof c === 'string').concat(codesOf(e.cause, depth + 1));
}

function messageOf(error: unknown): string {
  const e = error as Coded | undefined;
  return typeof e?.message === 'string' ? e.message : '';
}
