import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runMigrations } from '@limo/database';
import { createTestEnv, type TestEnv } from '../../../tests/support/test-env.js';

async function migrationsFolder(migrations: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'limo-migrations-'));
  for (const [name, sql] of Object.entries(migrations)) {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

describe('migration runner', () => {
  let env: TestEnv;
  let client: pg.Client;
  const dirs: string[] = [];

  beforeAll(async () => {
    env = await createTestEnv();
    client = new pg.Client({ connectionString: env.databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await env?.cleanup();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('applies each migration once when two replicas start at the same moment', async () => {
    const dir = await migrationsFolder({
      '001_cars': 'CREATE TABLE cars (id serial primary key, name text not null);',
      '002_seed': "INSERT INTO cars (name) VALUES ('one');",
    });
    dirs.push(dir);
    const options = { connectionString: env.databaseUrl, schema: 'race', migrationsDir: dir };
    const [a, b] = await Promise.all([runMigrations(options), runMigrations(options)]);
    expect([...a, ...b].sort()).toEqual(['001_cars', '002_seed']);
    const rows = await client.query('SELECT count(*)::int AS n FROM race.cars');
    expect(rows.rows[0].n).toBe(1);
    const book = await client.query('SELECT migration_name, checksum FROM race._prisma_migrations ORDER BY migration_name');
    expect(book.rows.map((r) => r.migration_name)).toEqual(['001_cars', '002_seed']);
    expect(book.rows[0].checksum).toBe(createHash('sha256').update('CREATE TABLE cars (id serial primary key, name text not null);').digest('hex'));
    await expect(runMigrations(options)).resolves.toEqual([]);
  });

  it('tries again when the database drops its connection mid-way (a restart), applying each migration once', async () => {
    // The sequence counts attempts outside any transaction: the first attempt's connection is
    // ended by the server in the middle of migration 002, the second goes through.
    await client.query('CREATE SEQUENCE public.migrate_attempts');
    const dir = await migrationsFolder({
      '001_first': 'CREATE TABLE first (id int);',
      '002_dropped': `CREATE TABLE second (id int);
        SELECT CASE WHEN nextval('public.migrate_attempts') = 1 THEN pg_terminate_backend(pg_backend_pid()) END;`,
    });
    dirs.push(dir);
    const lines: string[] = [];
    const options = { connectionString: env.databaseUrl, schema: 'dropped', migrationsDir: dir, log: (line: string) => lines.push(line) };
    await expect(runMigrations(options)).resolves.toEqual(['002_dropped']);
    expect(lines).toContainEqual(expect.stringMatching(/lost the database connection \(attempt 1\)/));
    const book = await client.query('SELECT migration_name FROM dropped._prisma_migrations ORDER BY 1');
    expect(book.rows.map((r) => r.migration_name)).toEqual(['001_first', '002_dropped']);
    expect((await client.query(`SELECT nextval('public.migrate_attempts')::int AS n`)).rows[0].n).toBe(3);
  });

  it('leaves nothing half-applied when a migration fails, and applies it once fixed', async () => {
    const dir = await migrationsFolder({
      '001_ok': 'CREATE TABLE a (id int);',
      '002_broken': 'CREATE TABLE b (id int); INSERT INTO nowhere VALUES (1);',
    });
    dirs.push(dir);
    const options = { connectionString: env.databaseUrl, schema: 'broken', migrationsDir: dir };
    await expect(runMigrations(options)).rejects.toThrow(/Migration 002_broken failed/);
    const tables = await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'broken' ORDER BY 1`);
    expect(tables.rows.map((r) => r.table_name)).toEqual(['_prisma_migrations', 'a']);
    await writeFile(join(dir, '002_broken', 'migration.sql'), 'CREATE TABLE b (id int);');
    await expect(runMigrations(options)).resolves.toEqual(['002_broken']);
  });

  it('refuses an unsafe schema name', async () => {
    await expect(
      runMigrations({ connectionString: env.databaseUrl, schema: 'x"; DROP SCHEMA public; --', migrationsDir: '/nonexistent' }),
    ).rejects.toThrow('Unsafe schema name');
  });
});
