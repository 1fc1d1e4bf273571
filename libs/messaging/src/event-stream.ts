import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { deadLetterStreamName, ensureDeadLetterStream } from './dead-letters.js';
import { ensureStream, streamReplicas } from './stream-setup.js';
import { eventStreamName } from './subjects.js';

/**
 * Creates the run's event stream if it is missing. Safe to call from every replica at start. On a
 * bus with permissions only `ops` may create or change streams (`npm start` and docker-compose make
 * them first): a service that may not waits a while for them to appear.
 */
export async function ensureEventStream(nc: NatsConnection, prefix: string, options: { replicas?: number } = {}): Promise<string> {
  const jsm = await jetstreamManager(nc);
  const name = eventStreamName(prefix);
  const { replicas, guessed } = streamReplicas(nc, options.replicas);
  await ensureStream(jsm, name, {
    name,
    // Consumers made without num_replicas take the stream's: the durable consumers are replicated alike.
    num_replicas: replicas,
    subjects: [`${prefix}.evt.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    // Re-publishes of one outbox row within this window are dropped by Nats-Msg-Id.
    duplicate_window: nanos(10 * 60_000),
    max_age: nanos(90 * 24 * 3600_000),
    // Direct gets read a consumer's oldest unapplied event (its lag).
    allow_direct: true,
  }, { replicasGuessed: guessed });
  await ensureDeadLetterStream(nc, prefix, options.replicas);
  return name;
}

/** Removes a run's streams (the events and their dead letters): tests clean up with it. */
export async function deleteEventStream(nc: NatsConnection, prefix: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(eventStreamName(prefix)).catch(() => false);
  await jsm.streams.delete(deadLetterStreamName(prefix)).catch(() => false);
}
