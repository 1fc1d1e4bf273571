import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { deadLetterStreamName, ensureDeadLetterStream } from './dead-letters.js';
import { eventStreamName } from './subjects.js';

/** Creates the run's event stream if it is missing. Safe to call from every replica at start. */
export async function ensureEventStream(nc: NatsConnection, prefix: string): Promise<string> {
  const jsm = await jetstreamManager(nc);
  const name = eventStreamName(prefix);
  try {
    const info = await jsm.streams.info(name);
    // Streams made before consumers reported their lag: turn direct gets on.
    if (!info.config.allow_direct) await jsm.streams.update(name, { ...info.config, allow_direct: true });
  } catch {
    try {
      await jsm.streams.add({
        name,
        subjects: [`${prefix}.evt.>`],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        // Re-publishes of one outbox row within this window are dropped by Nats-Msg-Id.
        duplicate_window: nanos(10 * 60_000),
        max_age: nanos(90 * 24 * 3600_000),
        // Direct gets read a consumer's oldest unapplied event (its lag).
        allow_direct: true,
      });
    } catch (error) {
      // Another replica may have created it between our info and add.
      await jsm.streams.info(name).catch(() => {
        throw error;
      });
    }
  }
  await ensureDeadLetterStream(nc, prefix);
  return name;
}

/** Removes a run's streams (the events and their dead letters): tests clean up with it. */
export async function deleteEventStream(nc: NatsConnection, prefix: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(eventStreamName(prefix)).catch(() => false);
  await jsm.streams.delete(deadLetterStreamName(prefix)).catch(() => false);
}
