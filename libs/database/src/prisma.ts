import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

/**
 * Driver adapter bound to one service's schema. adapter-pg ignores `?schema=` in the URL, so the
 * schema goes both to Prisma and to the session's search_path (for `$queryRaw`).
 *
 * The pool is ours so that every connection has an 'error' listener for its whole life: when the
 * server ends a connection (pg_terminate_backend, a failover) while it is checked out with no
 * statement running, pg emits 'error' on it, and without a listener that is an uncaught exception
 * that stops the process. The work that used the connection fails on its own (a 503 the client
 * may retry); the pool drops the broken connection.
 */
export function createPrismaAdapter(connectionString: string, schema: string, poolSize = 10): PrismaPg {
  const pool = new pg.Pool({ connectionString, options: `-c search_path=${schema}`, max: poolSize });
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  return new PrismaPg(pool, { schema, disposeExternalPool: true });
}
