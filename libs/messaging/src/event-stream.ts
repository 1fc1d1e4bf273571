import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { eventStreamName } from './subjects.js';

/** Creates the run's event stream if it is missing. Safe to call from every replica at start. */
export async function ensureEventStream(nc: NatsConnection, prefix: string): Promise<string> {
  const jsm = await jetstreamManager(nc);
  const name = eventStreamName(prefix);
  try {
    await jsm.streams.info(name);
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
      });
    } catch (error) {
      // Another replica may have created it between our info and add.
      await jsm.streams.info(name).catch(() => {
        throw error;
      });
    }
  }
  return name;
}

export async function deleteEventStream(nc: NatsConnection, prefix: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(eventStreamName(prefix)).catch(() => false);
}
