import type { BookingSnapshot } from '@limo/contracts';
import type { SqlExecutor } from '@limo/database';
import { applyDeltas, diffContributions } from '../projections/aggregate-tables.js';
import { enterProjectionWrite, lockAggregates } from '../projections/projection-locks.js';
import { contributions, factFromSnapshot, type BookingFact } from './booking-fact.js';
import type { AggregateDelta } from '../projections/aggregate-tables.js';
import { readFacts, writeFacts } from './booking-facts.store.js';

/**
 * Applies bookings' states to the projections where newer than what is already applied: each
 * fact row is replaced and every aggregate moves by the difference between the old and new
 * contributions, in the same transaction. Older or repeated versions change nothing, so
 * out-of-order and duplicate deliveries (several replicas on one durable) are harmless.
 * A batch in one go: the newest version of each booking, its fact read and written with the
 * others, and the aggregates moved by the combined difference (a few statements for a hundred
 * events; what keeps reporting ahead of a burst).
 */
export async function applyBookingSnapshots(tx: SqlExecutor, snapshots: BookingSnapshot[]): Promise<number> {
  const newest = new Map<number, BookingSnapshot>();
  for (const s of snapshots) if ((newest.get(s.id)?.version ?? 0) < s.version) newest.set(s.id, s);
  if (newest.size === 0) return 0;
  const ids = [...newest.keys()].sort((a, b) => a - b);
  await enterProjectionWrite(tx);
  await lockAggregates(tx, 'booking', ids);
  const current = await readFacts(tx, ids);
  const next: BookingFact[] = [];
  const before: AggregateDelta[] = [];
  const after: AggregateDelta[] = [];
  for (const id of ids) {
    const snapshot = newest.get(id)!;
    const old = current.get(id);
    if (old && old.version >= snapshot.version) continue;
    const fact = factFromSnapshot(snapshot);
    next.push(fact);
    if (old) before.push(...contributions(old));
    after.push(...contributions(fact));
  }
  await writeFacts(tx, next);
  await applyDeltas(tx, diffContributions(before, after));
  return next.length;
}
