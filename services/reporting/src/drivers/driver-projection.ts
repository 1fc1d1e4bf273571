import type { DriverSnapshot } from '@limo/contracts';
import type { SqlExecutor } from '@limo/database';
import { enterProjectionWrite, lockAggregate } from '../projections/projection-locks.js';

/** Keeps driver_facts (names, approval, duty) at the newest version seen of each driver. */
export async function applyDriverSnapshot(tx: SqlExecutor, driver: DriverSnapshot): Promise<void> {
  await enterProjectionWrite(tx);
  await lockAggregate(tx, 'driver', driver.id);
  await writeDriverFacts(tx, [driver], 'driver_facts', true);
}

/** Upserts drivers; with `onlyNewer`, a row already at a higher or equal version is left alone. */
export async function writeDriverFacts(tx: SqlExecutor, drivers: DriverSnapshot[], table: string, onlyNewer: boolean): Promise<void> {
  if (drivers.length === 0) return;
  const col = <K extends keyof DriverSnapshot>(k: K) => drivers.map((d) => d[k]);
  await tx.$executeRawUnsafe(
    `INSERT INTO ${table} (driver_id, version, first_name, last_name, username, is_active, is_on_duty, rating, updated_at)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::bool[], $7::bool[], $8::text[], $9::timestamptz[])
     ON CONFLICT (driver_id) DO UPDATE SET
       version = EXCLUDED.version, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       username = EXCLUDED.username, is_active = EXCLUDED.is_active, is_on_duty = EXCLUDED.is_on_duty,
       rating = EXCLUDED.rating, updated_at = EXCLUDED.updated_at
     ${onlyNewer ? `WHERE ${table}.version < EXCLUDED.version` : ''}`,
    col('id'),
    col('version'),
    col('firstName'),
    col('lastName'),
    col('username'),
    col('isActive'),
    col('isOnDuty'),
    col('rating'),
    col('updatedAt'),
  );
}
