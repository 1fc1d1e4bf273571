import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

/**
 * A pg pool bound to one service's schema (search_path), in UTC. Every connection has an 'error'
 * listener for its whole life: when the server ends a connection (pg_terminate_backend, a
 * failover) while it is checked out with no statement running, pg emits 'error' on it, and
 * without a listener that is an uncaught exception that stops the process. The work that used
 * the connection fails on its own (a 503 the client may retry); the pool drops the broken
 * connection.
 */
export function createSqlPool(connectionString: string, schema: string, poolSize = 10): pg.Pool {
  // TimeZone=UTC: Prisma's pg adapter sends instants as UTC without an offset and reads every
  // timestamptz as if its offset were +00:00, right only in a UTC session; a server set up in
  // Los Angeles time would move every instant written or read through Prisma by 7-8 hours.
  const pool = new pg.Pool({ connectionString, options: `-c search_path=${schema} -c TimeZone=UTC`, max: poolSize });
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  return pool;
}

/** No connection of the pool came free in the time given (connectWithin). */
export class NoConnectionInTime extends Error {
  constructor(ms: number) {
    super(`no database connection free within ${Math.round(ms)} ms`);
  }
}

/** pg-pool waits for a free connection for ever: this gives up after `ms` with NoConnectionInTime. */
export async function connectWithin(pool: pg.Pool, ms: number): Promise<pg.PoolClient> {
  const connecting = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoConnectionInTime(ms)), Math.max(0, ms));
  });
  try {
    return await Promise.race([connecting, late]);
  } catch (error) {
    // The connection that arrives after all goes straight back.
    connecting.then((client) => client.release(), () => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Prisma's driver adapter over a service's pool (made here when given a URL). adapter-pg
 * ignores `?schema=` in the URL, so the schema goes both to Prisma and to the session's
 * search_path (for `$queryRaw`). The pool is ended with the client.
 */
export function createPrismaAdapter(connection: string | pg.Pool, schema: string, poolSize = 10): PrismaPg {
  const pool = typeof connection === 'string' ? createSqlPool(connection, schema, poolSize) : connection;
  return new PrismaPg(pool, { schema, disposeExternalPool: true });
}
