import type { SqlExecutor } from '@limo/database';
import { ServiceError } from '@limo/messaging';

/**
 * Advisory locks (two-int form, first int = namespace) that keep the live consumers and the
 * rebuild apart: every projection write holds the shared lock; the rebuild's swap holds it
 * exclusively, so no event is applied to tables being replaced.
 */
const NS = { projections: 7301, booking: 7302, driver: 7303, rebuild: 7304, vehicle: 7305 } as const;

class RebuildInProgressError extends Error {
  constructor() {
    super('projections are being rebuilt; the event will be retried');
  }
}

/** Taken by each live projection transaction; fails fast (the event is retried) while a rebuild swaps. */
export async function enterProjectionWrite(tx: SqlExecutor): Promise<void> {
  const [row] = await tx.$queryRawUnsafe<{ ok: boolean }[]>(`SELECT pg_try_advisory_xact_lock_shared(${NS.projections}, 0) AS ok`);
  if (!row.ok) throw new RebuildInProgressError();
}

/** Waits for in-flight projection writes to finish and keeps new ones out until commit. */
export async function lockProjectionsExclusively(tx: SqlExecutor): Promise<void> {
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${NS.projections}, 0)`);
}

/** Serialises events of one booking/driver/vehicle across replicas. */
export async function lockAggregate(tx: SqlExecutor, kind: 'booking' | 'driver' | 'vehicle', id: number): Promise<void> {
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${NS[kind]}, $1::int)`, id);
}

/** One rebuild at a time across replicas. */
export async function claimRebuild(tx: SqlExecutor): Promise<void> {
  const [row] = await tx.$queryRawUnsafe<{ ok: boolean }[]>(`SELECT pg_try_advisory_xact_lock(${NS.rebuild}, 0) AS ok`);
  if (!row.ok) throw new ServiceError(409, 'A projection rebuild is already running');
}

/** The same for many aggregates at once, in id order (no deadlock between replicas). */
export async function lockAggregates(tx: SqlExecutor, kind: 'booking' | 'driver' | 'vehicle', ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  // executeRaw: the locks' void results cannot be read back through the driver adapter.
  await tx.$executeRawUnsafe(
    `SELECT pg_advisory_xact_lock(${NS[kind]}, id) FROM (SELECT DISTINCT unnest($1::int[]) AS id ORDER BY id) AS ids`,
    ids,
  );
}
