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

/** Of these events, the ids a consumer has no record of handling (the consumer audit's question). */
export async function unprocessedEvents(db: SqlExecutor, consumer: string, eventIds: string[]): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const rows = await db.$queryRawUnsafe<{ event_id: string }[]>(
    `SELECT id::text AS event_id FROM unnest($2::uuid[]) AS asked(id)
     WHERE NOT EXISTS (SELECT 1 FROM processed_events p WHERE p.consumer = $1 AND p.event_id = asked.id)`,
    consumer,
    [...new Set(eventIds)],
  );
  return rows.map((r) => r.event_id);
}
