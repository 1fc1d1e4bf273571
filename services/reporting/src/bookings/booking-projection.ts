import type { BookingSnapshot } from '@limo/contracts';
import type { SqlExecutor } from '@limo/database';
import { applyDeltas, diffContributions } from '../projections/aggregate-tables.js';
import { enterProjectionWrite, lockAggregate } from '../projections/projection-locks.js';
import { contributions, factFromSnapshot } from './booking-fact.js';
import { readFact, writeFacts } from './booking-facts.store.js';

/**
 * Applies a booking's state to the projections if it is newer than what is already applied:
 * the fact row is replaced and every aggregate moves by the difference between the old and new
 * contributions, in the same transaction. Older or repeated versions change nothing, so
 * out-of-order and duplicate deliveries (several replicas on one durable) are harmless.
 */
export async function applyBookingSnapshot(tx: SqlExecutor, booking: BookingSnapshot): Promise<'applied' | 'stale'> {
  await enterProjectionWrite(tx);
  await lockAggregate(tx, 'booking', booking.id);
  const current = await readFact(tx, booking.id);
  if (current && current.version >= booking.version) return 'stale';
  const next = factFromSnapshot(booking);
  await writeFacts(tx, [next]);
  await applyDeltas(tx, diffContributions(current ? contributions(current) : [], contributions(next)));
  return 'applied';
}
