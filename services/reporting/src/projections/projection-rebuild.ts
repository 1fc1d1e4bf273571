import { bookingRpc, driversRpc, fleetRpc, type ProjectionRebuildResult, type RpcResponseOf } from '@limo/contracts';
import type { SqlExecutor } from '@limo/database';
import type { RpcClient } from '@limo/messaging';
import { factFromSnapshot } from '../bookings/booking-fact.js';
import { writeFacts } from '../bookings/booking-facts.store.js';
import { writeDriverFacts } from '../drivers/driver-projection.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { claimRebuild, lockProjectionsExclusively } from './projection-locks.js';
import { recomputeBookingAggregates } from './recompute-aggregates.js';
import { applyAssignment } from '../dispatch/assignment-projection.js';

/** Snapshots per request: 500 bookings stay well under NATS's 1 MB default message limit. */
const PAGE = 500;
const SOURCE_TIMEOUT_MS = 30_000;

/** The tables rebuilt from the sources, with their keys (the aggregates are recomputed from them). */
const FACT_TABLES = [
  ['booking_facts', 'booking_id'],
  ['driver_facts', 'driver_id'],
  ['fleet_vehicles', 'vehicle_id'],
  ['assignment_facts', 'assignment_id'],
] as const;

/**
 * Rebuilds every projection from the source services' current state, asked over NATS (the only
 * way services talk). Sources are read into temporary tables while live events keep flowing;
 * then, under the exclusive projection lock, whatever the live consumers applied meanwhile is
 * kept where it is newer, the facts are replaced and the aggregates recomputed, all in one
 * transaction, so readers see the old figures until the new ones are complete.
 */
export async function rebuildProjections(db: PrismaClient, rpc: RpcClient, pageSize = PAGE): Promise<ProjectionRebuildResult> {
  const started = performance.now();
  const counts = await db.$transaction(
    async (tx) => {
      await claimRebuild(tx);
      for (const [table, key] of FACT_TABLES) {
        await tx.$executeRawUnsafe(`CREATE TEMP TABLE rebuild_${table} (LIKE ${table} INCLUDING ALL) ON COMMIT DROP`);
        await rememberRowVersions(tx, table, key);
      }
      const bookings = await loadBookings(tx, rpc, pageSize);
      const drivers = await loadDrivers(tx, rpc, pageSize);
      const vehicles = await loadVehicles(tx, rpc);
      await loadAssignments(tx, rpc, pageSize);

      await lockProjectionsExclusively(tx);
      await swapIn(tx, 'booking_facts', 'booking_id', 'version < EXCLUDED.version');
      await swapIn(tx, 'driver_facts', 'driver_id', 'version < EXCLUDED.version');
      await swapIn(tx, 'fleet_vehicles', 'vehicle_id', 'updated_at < EXCLUDED.updated_at');
      await swapIn(tx, 'assignment_facts', 'assignment_id', "response = 'pending' AND EXCLUDED.response <> 'pending'");
      await recomputeBookingAggregates(tx);
      return { bookings, drivers, vehicles };
    },
    { timeout: 30 * 60_000, maxWait: 10_000 },
  );
  return { ...counts, durationMs: Math.round(performance.now() - started) };
}

async function loadBookings(tx: SqlExecutor, rpc: RpcClient, limit: number): Promise<number> {
  let afterId: number | null = 0;
  let total = 0;
  while (afterId !== null) {
    const page: RpcResponseOf<typeof bookingRpc.snapshots> = await rpc.request(bookingRpc.snapshots, { afterId, limit }, { timeoutMs: SOURCE_TIMEOUT_MS });
    await writeFacts(tx, page.items.map(factFromSnapshot), 'rebuild_booking_facts');
    total += page.items.length;
    afterId = page.nextAfterId;
  }
  return total;
}

async function loadAssignments(tx: SqlExecutor, rpc: RpcClient, limit: number): Promise<number> {
  let after: string | null = '';
  let total = 0;
  while (after !== null) {
    const page: RpcResponseOf<typeof bookingRpc.assignments> = await rpc.request(bookingRpc.assignments, { after, limit }, { timeoutMs: SOURCE_TIMEOUT_MS });
    for (const assignment of page.items) await applyAssignment(tx, assignment, 'rebuild_assignment_facts');
    total += page.items.length;
    after = page.next;
  }
  return total;
}

async function loadDrivers(tx: SqlExecutor, rpc: RpcClient, limit: number): Promise<number> {
  let afterId: number | null = 0;
  let total = 0;
  while (afterId !== null) {
    const page: RpcResponseOf<typeof driversRpc.snapshots> = await rpc.request(driversRpc.snapshots, { afterId, limit }, { timeoutMs: SOURCE_TIMEOUT_MS });
    await writeDriverFacts(tx, page.items, 'rebuild_driver_facts', false);
    total += page.items.length;
    afterId = page.nextAfterId;
  }
  return total;
}

async function loadVehicles(tx: SqlExecutor, rpc: RpcClient): Promise<number> {
  // Stamped with the moment before the read: a fleet event after it is newer and still wins.
  const readAt = new Date().toISOString();
  const vehicles = await rpc.request(fleetRpc.listVehicles, {}, { timeoutMs: SOURCE_TIMEOUT_MS });
  if (vehicles.length > 0) {
    await tx.$executeRawUnsafe(
      `INSERT INTO rebuild_fleet_vehicles (vehicle_id, name, category, capacity, is_active, updated_at)
       SELECT id, name, category, capacity, active, $6::timestamptz FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::bool[])
         AS v(id, name, category, capacity, active)`,
      vehicles.map((v) => v.id),
      vehicles.map((v) => v.name),
      vehicles.map((v) => v.category),
      vehicles.map((v) => v.capacity),
      vehicles.map((v) => v.isActive),
      readAt,
    );
  }
  return vehicles.length;
}

/**
 * Notes which version of each row the table held before the sources are read (`xmin`, the
 * transaction that wrote it): a row still at that version when the swap comes was not written by
 * a live consumer during the rebuild, so the sources alone decide whether it stays.
 */
async function rememberRowVersions(tx: SqlExecutor, table: string, key: string): Promise<void> {
  await tx.$executeRawUnsafe(`CREATE TEMP TABLE before_${table} ON COMMIT DROP AS SELECT ${key} AS key, xmin::text AS written_by FROM ${table}`);
}

/**
 * Rows the live consumers wrote while the sources were read are merged into the rebuilt table
 * when newer (or missing there), then the rebuilt table replaces the live one's contents. A row
 * the sources do not have and no live event wrote meanwhile (a phantom) is not kept.
 */
async function swapIn(tx: SqlExecutor, table: string, key: string, newer: string): Promise<void> {
  const columns = await tx.$queryRawUnsafe<{ name: string }[]>(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    table,
  );
  const list = columns.map((c) => c.name);
  await tx.$executeRawUnsafe(
    `INSERT INTO rebuild_${table} (${list.join(', ')}) SELECT ${list.join(', ')} FROM ${table} live
     WHERE NOT EXISTS (SELECT 1 FROM before_${table} b WHERE b.key = live.${key} AND b.written_by = live.xmin::text)
     ON CONFLICT (${key}) DO UPDATE SET ${list.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}
     WHERE rebuild_${table}.${newer}`,
  );
  await tx.$executeRawUnsafe(`DELETE FROM ${table}`);
  await tx.$executeRawUnsafe(`INSERT INTO ${table} (${list.join(', ')}) SELECT ${list.join(', ')} FROM rebuild_${table}`);
}
