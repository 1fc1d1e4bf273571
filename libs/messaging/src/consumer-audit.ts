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
  /** Whether the consumer applies the events of this subject (it has a handler for their type). */
  handles(subject: string): boolean;
  /** The event of a message, or undefined for one the consumer dead-letters (it can never apply). */
  eventOf(msg: JsMsg): EventEnvelope | undefined;
  /** Applies one event the stream marked acknowledged although its effect never committed. */
  reapply(envelope: EventEnvelope): Promise<'applied' | 'duplicate'>;
  /** True once the consumer is stopping: the audit ends its round early. */
  stopping(): boolean;
}

/** Where an audit round starts: a stream sequence, or a time (a replica that just started). */
export type AuditCursor = { seq: number } | { since: Date };

export interface AuditRound {
  /** Where the next round starts: past everything this round checked (or at the first event it had no time for). */
  next: AuditCursor;
  /** Events found without their effect and applied. */
  recovered: EventEnvelope[];
  /**
   * Sequences of events found without their effect that did not apply this round (their effect
   * failed, or their body could not be read): the next round tries them first, without holding
   * the cursor back for them.
   */
  retry: number[];
}

/** Where an audit starts when it has no cursor yet (a replica just started). */
export const AUDIT_LOOKBACK_MS = 15 * 60_000;
const CHUNK = 500;
/** Most events a round reads whole (their bodies): the ones found without their effect. */
const BODIES_PER_ROUND = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Finds the events a durable consumer acknowledged without applying them, and applies them.
 *
 * The consumer acknowledges an event only after its effect and its `processed_events` row commit,
 * so every event at or below the durable's acknowledged floor should have that row. One cluster
 * fault run showed otherwise: an event lost to the durable across the NATS servers' leader
 * changes, the durable's state saying nothing was pending (docs/operations.md, "A delivery lost"),
 * which JetStream would never deliver again. A round:
 *
 * 1. reads the durable's own subjects (its filter on the server) from the cursor to its floor,
 *    headers only, through an ordered consumer: each event's id is its `Nats-Msg-Id`, as the
 *    outbox relay publishes it, so nothing is parsed;
 * 2. looks those ids up in `processed_events`, between fetches;
 * 3. reads whole only the events without a row (and any message whose id is not an event's, a
 *    redriven dead letter), and applies each in the consumer's way, alone: exactly once, since
 *    the row is written in the effect's transaction (a race with the consumer or another
 *    replica's audit finds it written). A message the consumer dead-letters is left alone.
 *
 * Each replica audits on its own: that costs reads, never a second effect.
 */
export async function auditConsumer(consumer: AuditedConsumer, from: AuditCursor, retry: number[] = []): Promise<AuditRound> {
  const { nc, prefix, durable } = consumer;
  const stream = eventStreamName(prefix);
  const info = await (await jetstreamManager(nc)).consumers.info(stream, durable);
  const floor = info.ack_floor.stream_seq;
  const filter = info.config.filter_subject ?? `${prefix}.evt.>`;
  const recovered: EventEnvelope[] = [];
  const failed: number[] = [];
  const apply = async (seq: number) => {
    const found = await messageAt(nc, stream, filter, seq);
    // Gone (the stream's age limit) or one the consumer dead-letters: nothing to apply.
    if (found === 'gone') return;
    // Not read (a server between leaders): not taken for gone.
    if (found === 'unread') return void failed.push(seq);
    const envelope = consumer.eventOf(found);
    if (!envelope) return;
    try {
      if ((await consumer.reapply(envelope)) === 'applied') recovered.push(envelope);
    } catch {
      failed.push(seq);
    }
  };
  for (const [index, seq] of retry.entries()) {
    if (consumer.stopping()) return { next: from, recovered, retry: [...failed, ...retry.slice(index)] };
    await apply(seq);
  }
  // A time becomes the sequence of the first event since then; none read (none yet, or no answer
  // in time): the next round asks again from the same time.
  const start = 'seq' in from ? from.seq : await firstSeqSince(nc, stream, filter, from.since);
  if (start === undefined) return { next: from, recovered, retry: failed };
  if (start > floor) return { next: { seq: start }, recovered, retry: failed };

  const read = await unappliedUpTo(consumer, stream, filter, start, floor);
  for (const [index, seq] of read.suspects.entries()) {
    // Out of time (stopping) or of this round's share of bodies: the next round starts here.
    if (consumer.stopping() || index >= BODIES_PER_ROUND) return { next: { seq }, recovered, retry: failed };
    await apply(seq);
  }
  return { next: read.next, recovered, retry: failed };
}

/**
 * The sequences up to `floor` whose event has no `processed_events` row for this consumer (or
 * whose message names no event), and where the next round starts had they all applied.
 */
async function unappliedUpTo(consumer: AuditedConsumer, stream: string, filter: string, from: number, floor: number): Promise<{ suspects: number[]; next: AuditCursor }> {
  // From a sequence, never a time: an ordered consumer that resets (a gap, a lost heartbeat) keeps
  // its first options and adds a start sequence, which the server refuses beside a start time.
  const reader = await jetstream(consumer.nc).consumers.get(stream, { filter_subjects: filter, headers_only: true, deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from });
  const suspects: number[] = [];
  let last: number | undefined;
  let done = false;
  try {
    while (!done && !consumer.stopping()) {
      const named = new Map<string, number>();
      let got = 0;
      // The database is asked between fetches, not during one (a slow answer would stall the fetch).
      for await (const msg of await reader.fetch({ max_messages: CHUNK, expires: 1000 })) {
        if (msg.seq > floor) {
          done = true;
          break;
        }
        got++;
        last = msg.seq;
        if (consumer.handles(msg.subject)) {
          const id = msg.headers?.get('Nats-Msg-Id') ?? '';
          if (UUID.test(id)) named.set(id.toLowerCase(), msg.seq);
          else suspects.push(msg.seq);
        }
        // At the floor, or the last message of the filter the stream holds: the range is read.
        if (msg.seq === floor || msg.info.pending === 0) {
          done = true;
          break;
        }
      }
      if (named.size > 0) {
        for (const id of await unprocessedEvents(consumer.db, consumer.durable, [...named.keys()])) suspects.push(named.get(id)!);
      }
      // An empty fetch before the end (a server between leaders): the next round goes on from here.
      if (got === 0) break;
    }
  } finally {
    await reader.delete().catch(() => false);
  }
  suspects.sort((a, b) => a - b);
  const next: AuditCursor = { seq: done ? floor + 1 : last !== undefined ? last + 1 : from };
  return { suspects, next };
}

/** The sequence of the first message of the filter at or after `since` (one message read, headers only). */
async function firstSeqSince(nc: NatsConnection, stream: string, filter: string, since: Date): Promise<number | undefined> {
  const probe = await jetstream(nc).consumers.get(stream, { filter_subjects: filter, headers_only: true, deliver_policy: DeliverPolicy.StartTime, opt_start_time: since.toISOString() });
  try {
    return (await probe.next({ expires: 1000 }))?.seq;
  } finally {
    await probe.delete().catch(() => false);
  }
}

/** The message at `seq`, whole, read through an ordered consumer of the durable's filter; 'unread' when no answer came. */
async function messageAt(nc: NatsConnection, stream: string, filter: string, seq: number): Promise<JsMsg | 'gone' | 'unread'> {
  const reader = await jetstream(nc).consumers.get(stream, { filter_subjects: filter, deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: seq });
  try {
    const msg = await reader.next({ expires: 2000 });
    if (!msg) return 'unread';
    // A later message came first: this one is gone (the stream's age limit).
    return msg.seq === seq ? msg : 'gone';
  } finally {
    await reader.delete().catch(() => false);
  }
}
