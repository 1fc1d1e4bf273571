import { DeliverPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope } from '@limo/contracts';
import { readAuditCursor, recordAuditRound, rewindAuditCursor, unprocessedEvents, type AuditScope, type SqlExecutor } from '@limo/database';
import { eventStreamName, eventSubject } from './subjects.js';

/** What the audit needs of the consumer it checks. */
export interface AuditedConsumer {
  nc: NatsConnection;
  prefix: string;
  /** The service's database: its `processed_events` and `event_audit_cursors`. */
  db: SqlExecutor;
  durable: string;
  /** The event types the consumer applies (it has a handler for them). */
  types: string[];
  /** The event of a message, or undefined for one the consumer dead-letters (it can never apply). */
  eventOf(msg: JsMsg): EventEnvelope | undefined;
  /** Applies one event the stream marked acknowledged although its effect never committed. */
  reapply(envelope: EventEnvelope): Promise<'applied' | 'duplicate'>;
  /** True once the consumer is stopping: the audit ends its round early. */
  stopping(): boolean;
  /** How far back a durable without a stored cursor is audited; AUDIT_LOOKBACK_MS unless a test says otherwise. */
  lookbackMs?: number;
}

export interface AuditRound {
  /** Events found without their effect and applied. */
  recovered: EventEnvelope[];
  /** Sequences of events found without their effect that did not apply this round: on the stored retry list. */
  retry: number[];
  /** Messages of the durable's filter whose headers this round read. */
  read: number;
}

/** Where an audit starts when the service has no cursor for the durable yet (its first deployment). */
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
 * 1. reads the durable's own subjects (its filter on the server) from the cursor stored in the
 *    service's `event_audit_cursors` to its floor, headers only, through an ordered consumer:
 *    each event's id is its `Nats-Msg-Id`, as the outbox relay publishes it, so nothing is parsed;
 * 2. looks those ids up in `processed_events`, between fetches;
 * 3. reads whole only the events without a row (and any message whose id is not an event's, a
 *    redriven dead letter), and applies each in the consumer's way, alone: exactly once, since
 *    the row is written in the effect's transaction (a race with the consumer or another
 *    replica's audit finds it written). A message the consumer dead-letters is left alone;
 * 4. moves the stored cursor past what it checked (never back) and keeps there the events whose
 *    effect failed, which the next round, on any replica, tries first.
 *
 * The replicas that audit the same (the durable's filter, the types they apply) share the cursor,
 * so a range one of them checked is not read again by the others, and a service that starts again
 * goes on from where it was, however long it was down.
 */
export async function auditConsumer(consumer: AuditedConsumer): Promise<AuditRound> {
  const { nc, prefix, db, durable } = consumer;
  const stream = eventStreamName(prefix);
  const jsm = await jetstreamManager(nc);
  const info = await jsm.consumers.info(stream, durable);
  let floor = info.ack_floor.stream_seq;
  const filter = info.config.filter_subject ?? `${prefix}.evt.>`;
  const scope: AuditScope = { consumer: durable, filter, types: consumer.types };
  const stored = await readAuditCursor(db, scope);
  // Past the floor: another replica's round may have stored it since the floor was read.
  if (stored && stored.seq > floor + 1) floor = (await jsm.consumers.info(stream, durable)).ack_floor.stream_seq;
  const recovered: EventEnvelope[] = [];
  const failed: number[] = [];
  const settled: number[] = [];
  let read = 0;
  const apply = async (seq: number) => {
    const outcome = await applyAt(consumer, stream, filter, seq, recovered);
    (outcome === 'failed' ? failed : settled).push(seq);
  };
  const start = await startOf(consumer, stream, scope, floor, stored);
  // No event since the lookback (or no answer in time): the next round asks again.
  if (start === undefined) return { recovered, retry: failed, read };
  let next = start;
  for (const seq of stored?.retry ?? []) {
    if (consumer.stopping()) break;
    await apply(seq);
  }
  if (start <= floor && !consumer.stopping()) {
    const found = await unappliedUpTo(consumer, stream, filter, start, floor);
    read = found.read;
    next = found.next;
    for (const [index, seq] of found.suspects.entries()) {
      // Out of time (stopping) or of this round's share of bodies: the next round starts here.
      if (consumer.stopping() || index >= BODIES_PER_ROUND) {
        next = seq;
        break;
      }
      await apply(seq);
    }
  }
  await recordAuditRound(db, scope, { seq: next, failed, settled });
  return { recovered, retry: failed, read };
}

/**
 * Where a round starts: the stored cursor of its scope (the durable's filter on the server and the
 * types the replica applies). Without one, AUDIT_LOOKBACK_MS back: the service's first deployment
 * with stored cursors, a new durable, or a scope whose row the replica that changed it could not
 * open (DurableEventConsumer opens it at the durable's floor). Past the floor (the stream or the
 * durable was made again, its sequences begun anew), the lookback again.
 */
async function startOf(consumer: AuditedConsumer, stream: string, scope: AuditScope, floor: number, stored: { seq: number } | undefined): Promise<number | undefined> {
  if (stored && stored.seq <= floor + 1) return stored.seq;
  const since = new Date(Date.now() - (consumer.lookbackMs ?? AUDIT_LOOKBACK_MS));
  const first = await firstSeqSince(consumer.nc, stream, scope.filter, since);
  if (first === undefined) return undefined;
  // Past the floor: nothing of the lookback is acknowledged yet, and what is pending will be.
  const start = Math.min(first, floor + 1);
  if (stored) await rewindAuditCursor(consumer.db, scope, start);
  return start;
}

/** Reads and applies the event at `seq`; 'failed' when it should be tried again. */
async function applyAt(consumer: AuditedConsumer, stream: string, filter: string, seq: number, recovered: EventEnvelope[]): Promise<'failed' | 'settled'> {
  const found = await messageAt(consumer.nc, stream, filter, seq);
  // Gone (the stream's age limit): nothing to apply.
  if (found === 'gone') return 'settled';
  // Not read (a server between leaders): not taken for gone.
  if (found === 'unread') return 'failed';
  const envelope = consumer.eventOf(found);
  // One the consumer dead-letters: left alone.
  if (!envelope) return 'settled';
  try {
    if ((await consumer.reapply(envelope)) === 'applied') recovered.push(envelope);
    return 'settled';
  } catch {
    return 'failed';
  }
}

/**
 * The sequences up to `floor` whose event has no `processed_events` row for this consumer (or
 * whose message names no event), where the next round starts had they all applied, and how many
 * messages were read.
 */
async function unappliedUpTo(consumer: AuditedConsumer, stream: string, filter: string, from: number, floor: number): Promise<{ suspects: number[]; next: number; read: number }> {
  // From a sequence, never a time: an ordered consumer that resets (a gap, a lost heartbeat) keeps
  // its first options and adds a start sequence, which the server refuses beside a start time.
  const reader = await jetstream(consumer.nc).consumers.get(stream, { filter_subjects: filter, headers_only: true, deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from });
  const handled = new Set(consumer.types.map((type) => eventSubject(consumer.prefix, type)));
  const suspects: number[] = [];
  let last: number | undefined;
  let done = false;
  let read = 0;
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
        read++;
        last = msg.seq;
        if (handled.has(msg.subject)) {
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
  const next = done ? floor + 1 : last !== undefined ? last + 1 : from;
  return { suspects, next, read };
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
