import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isConnectionLoss } from './connection-loss.js';

/** Migrations every service schema gets (the outbox, processed-events and audit-cursor tables), kept here once. */
export const PLATFORM_MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

/** The advisory lock Prisma itself takes, so replicas starting together migrate once. */
const MIGRATION_LOCK_ID = 72707369;

export interface MigrateOptions {
  connectionString: string;
  /** Postgres schema the service owns; created if missing. */
  schema: string;
  /** Folder of Prisma-format migrations: `<name>/migration.sql`. */
  migrationsDir: string;
  /** More folders of migrations (PLATFORM_MIGRATIONS), applied with the service's in name order. */
  sharedMigrationsDirs?: string[];
  log?: (message: string) => void;
}

/**
 * Applies pending Prisma-format migrations with plain `pg`, because Prisma 7's `migrate deploy`
 * needs a native engine this machine cannot download. Bookkeeping stays compatible with
 * Prisma's `_prisma_migrations` table. Each migration and its row commit in one transaction.
 */
export async function runMigrations(options: MigrateOptions): Promise<string[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`Unsafe schema name: ${options.schema}`);
  // A replica starting while the database drops its connections (a restart, a failover) tries
  // again rather than exiting: each migration commits with its row, so a second pass resumes.
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(options);
    } catch (error) {
      if (attempt >= MIGRATION_ATTEMPTS || !isConnectionLoss(error)) throw error;
      options.log?.(`migrations of ${options.schema} lost the database connection (attempt ${attempt}), trying again`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

const MIGRATION_ATTEMPTS = 8;

async function migrateOnce(options: MigrateOptions): Promise<string[]> {
  const { schema, log = () => {} } = options;
  const client = new pg.Client({ connectionString: options.connectionString });
  // The server may end the connection between two statements (while a file is read): without a
  // listener that 'error' event stops the process; with it, the next statement fails instead.
  client.on('error', () => {});
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(`SET search_path TO "${schema}"`);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const failed = await client.query(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NULL AND rolled_back_at IS NULL`,
    );
    if (failed.rowCount) {
      throw new Error(`Migration ${failed.rows[0].migration_name} failed earlier in schema ${schema}; resolve it first`);
    }
    const done = await client.query(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const doneByName = new Map<string, string>(done.rows.map((r) => [r.migration_name, r.checksum]));
    const folders = new Map<string, string>();
    for (const dir of [...(options.sharedMigrationsDirs ?? []), options.migrationsDir]) {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        if (folders.has(entry.name)) throw new Error(`Migration ${entry.name} exists twice (${folders.get(entry.name)} and ${dir})`);
        folders.set(entry.name, dir);
      }
    }
    for (const name of [...folders.keys()].sort()) {
      const sql = await readFile(join(folders.get(name)!, name, 'migration.sql'));
      const checksum = createHash('sha256').update(sql).digest('hex');
      const previous = doneByName.get(name);
      if (previous !== undefined) {
        if (previous !== checksum) log(`warning: migration ${name} changed after it was applied`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(sql.toString('utf8'));
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
      log(`applied migration ${name} to schema ${schema}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
  return applied;
}
