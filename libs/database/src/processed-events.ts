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

/**
 * Marks several events as handled by a consumer in one statement; returns the ids that were not
 * handled before (the caller applies exactly those).
 */
export async function markProcessedMany(tx: SqlExecutor, consumer: string, eventIds: string[]): Promise<Set<string>> {
  const unique = [...new Set(eventIds)];
  const rows = await tx.$queryRawUnsafe<{ event_id: string }[]>(
    `INSERT INTO processed_events (consumer, event_id) SELECT $1, unnest($2::uuid[])
     ON CONFLICT DO NOTHING RETURNING event_id::text`,
    consumer,
    unique,
  );
  return new Set(rows.map((r) => r.event_id));
}
