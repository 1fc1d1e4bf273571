import type { SqlExecutor } from './sql.js';

/**
 * Marks an event as handled by a consumer, inside the transaction that applies its effect.
 * Returns false when it was handled before: the caller must then skip the effect.
 */
export async function markProcessed(tx: SqlExecutor, consumer: string, eventId: string): Promise<boolean> {
  const inserted = await tx.$executeRawUnsafe(
    `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2::uuid) ON CONFLICT DO NOTHING`,
    consumer,
    eventId,
  );
  return inserted === 1;
}
