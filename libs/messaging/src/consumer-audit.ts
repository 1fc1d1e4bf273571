import { DeliverPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope } from '@limo/contracts';
import { unprocessedEvents, type SqlExecutor } from '@limo/database';
import { eventStreamName } from './subjects.js';

/** What the audit needs of the consumer it checks. */
export interface AuditedConsumer {
  nc: NatsConnection;
  prefix: string;
  db: SqlExecutor;
  durable: string;
  /** The durable's filter, without the prefix (`booking.>` style). */
  filter: string;
  /** The event of a message this consumer applies, or undefined for one it acknowledges unread or dead-letters. */
  eventOf(msg: JsMsg): EventEnvelope | undefined;
  /** Applies events the stream marked acknowledged although their effect never committed. */
  reapply(envelopes: EventEnvelope[]): Promise<void>;
}

/** Where an audit starts when it has no cursor yet (a replica just started). */
export const AUDIT_LOOKBACK_MS = 15 * 60_000;
const CHUNK = 500;

/**
 * Finds the events a durable consumer acknowledged without applying them, and applies them.
 *
 * The consumer acknowledges an event only after its effect and its `processed_events` row commit,
 * so every event at or below the consumer's acknowledged floor should have that row. One cluster
 * fault run showed otherwise: an event whose delivery was lost to the durable across the NATS
 * servers' leader changes, the consumer's state saying nothing was pending (docs/operations.md,
 * "A delivery lost"). JetStream would never deliver it again; this audit reads the durable's own
 * subjects up to its floor through an ordered consumer, looks the events up in
 * `processed_events`, and applies what is missing, in the consumer's way (exactly once: the row
 * is written in the same transaction, so an audit racing the consumer or another replica's audit
 * finds it written). Each replica audits on its own; that costs reads, never a second effect.
 *
 * Returns the stream sequence the next audit starts from.
 */
export async function auditConsumer(consumer: AuditedConsumer, from: { seq: number } | { since: Date }): Promise<{ next: number; reapplied: EventEnvelope[] }> {
  const stream = eventStreamName(consumer.prefix);
  const info = await jetstreamManager(consumer.nc).then((jsm) => jsm.consumers.info(stream, consumer.durable));
  const floor = info.ack_floor.stream_seq;
  const start = 'seq' in from ? from.seq : undefined;
  if (start !== undefined && start > floor) return { next: start, reapplied: [] };

  const reader = await jetstream(consumer.nc).consumers.get(stream, {
    filter_subjects: `${consumer.prefix}.evt.${consumer.filter}`,
    ...(start !== undefined ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: start } : { deliver_policy: DeliverPolicy.StartTime, opt_start_time: (from as { since: Date }).since.toISOString() }),
  });
  const reapplied: EventEnvelope[] = [];
  try {
    let chunk: EventEnvelope[] = [];
    const check = async () => {
      const missing = new Set(await unprocessedEvents(consumer.db, consumer.durable, chunk.map((e) => e.eventId)));
      const lost = chunk.filter((e) => missing.delete(e.eventId));
      if (lost.length > 0) {
        await consumer.reapply(lost);
        reapplied.push(...lost);
      }
      chunk = [];
    };
    read: for (;;) {
      let read = 0;
      for await (const msg of await reader.fetch({ max_messages: CHUNK, expires: 1000 })) {
        read++;
        if (msg.seq > floor) break read;
        const envelope = consumer.eventOf(msg);
        if (envelope) chunk.push(envelope);
        if (chunk.length >= CHUNK) await check();
        if (msg.seq === floor) break read;
      }
      if (read === 0) break;
    }
    if (chunk.length > 0) await check();
  } finally {
    await reader.delete().catch(() => false);
  }
  return { next: floor + 1, reapplied };
}
