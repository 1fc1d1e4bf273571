import { DeliverPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope } from '@limo/contracts';
import { openAuditTypes, readAuditCursors, recordAuditRound, rewindAuditCursors, unprocessedEvents, type SqlExecutor, type TypeCursor } from '@limo/database';
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
  /**
   * Where the rows of types new to the durable open (openAuditTypes): the durable's floor + 1 when
   * this replica started; the floor now when not given.
   */
  openAt?: number;
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
/** Most retry-list entries a round tries (an entry whose message cannot be read costs a read's 2 s wait). */
const RETRIES_PER_ROUND = 50;
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
 * 1. reads the durable's own subjects (its filter on the server) from the cursors stored in the
 *    service's `event_audit_cursors` for the types it applies (each type's messages from its own)
 *    to its floor, headers only, through an ordered consumer:
 *    each event's id is its `Nats-Msg-Id`, as the outbox relay publishes it, so nothing is parsed;
 * 2. looks those ids up in `processed_events`, between fetches;
 * 3. reads whole only the events without a row (and any message whose id is not an event's, a
 *    redriven dead letter), and applies each in the consumer's way, alone: exactly once, since
 *    the row is written in the effect's transaction (a race with the consumer or another
 *    replica's audit finds it written). A message the consumer dead-letters is left alone;
 * 4. moves the stored cursors of the types it applies past what it checked (never back), and keeps
 *    there the events whose effect failed, which the next round, on any replica, tries first.
 *
 * The cursors are the service's, one per durable and event type (TypeCursor), shared by its
 * replicas: a range one of them checked is not read again by the others, a service that starts
 * again goes on from where it was however long it was down, and a deploy that changes the types
 * its replicas apply or the durable's filter leaves the other types' cursors where they were.
 */
export async function auditConsumer(consumer: AuditedConsumer): Promise<AuditRound> {
  const { nc, prefix, db, durable, types } = consumer;
  // A consumer that applies nothing (it acknowledges every event unread) has nothing to find.
  if (types.length === 0) return { recovered: [], retry: [], read: 0 };
  const stream = eventStreamName(prefix);
  const jsm = await jetstreamManager(nc);
  const info = await jsm.consumers.info(stream, durable);
  let floor = info.ack_floor.stream_seq;
  const filter = info.config.filter_subject ?? `${prefix}.evt.>`;
  let rows = await readAuditCursors(db, durable);
  // Past the floor: another replica's round may have stored it since the floor was read.
  if (rows.some((row) => types.includes(row.type) && row.seq > floor + 1)) floor = (await jsm.consumers.info(stream, durable)).ack_floor.stream_seq;
  const recovered: EventEnvelope[] = [];
  const failed: { type: string; seq: number }[] = [];
  const settled: number[] = [];
  let read = 0;
  const apply = async (type: string, seq: number) => {
    const outcome = await applyAt(consumer, stream, filter, seq, recovered);
    if (outcome === 'failed') failed.push({ type, seq });
    else settled.push(seq);
  };
  const cursors = await cursorsOf(consumer, stream, filter, floor, rows);
  // No answer in time to where the lookback starts: the next round asks again.
  if (!cursors) return { recovered, retry: [], read };
  rows = [...cursors.values()];
  const start = Math.min(...rows.map((row) => row.seq));
  let next = start;
  const retries = someOf(
    // Above the floor: still the durable's to deliver (or a stream made again has not reached it yet).
    rows.flatMap((row) => row.retry.filter((seq) => seq <= floor).map((seq) => ({ type: row.type, seq }))),
    RETRIES_PER_ROUND,
  );
  for (const { type, seq } of retries) {
    if (consumer.stopping()) break;
    await apply(type, seq);
  }
  if (start <= floor && !consumer.stopping()) {
    const found = await unappliedUpTo(consumer, stream, filter, cursors, floor);
    read = found.read;
    next = found.next;
    for (const [index, suspect] of found.suspects.entries()) {
      // Out of time (stopping) or of this round's share of bodies: the next round starts here.
      if (consumer.stopping() || index >= BODIES_PER_ROUND) {
        next = suspect.seq;
        break;
      }
      await apply(suspect.type, suspect.seq);
    }
  }
  await recordAuditRound(db, durable, { types, seq: next, failed, settled });
  return { recovered, retry: failed.map((f) => f.seq), read };
}

/**
 * Where each type the replica applies is checked from: its stored cursor. A type without one, in a
 * durable whose audit runs (other types have rows), is new to it: it opens at `openAt` (the floor
 * when this replica started). A durable with no row at all (its first round), AUDIT_LOOKBACK_MS
 * back (undefined when the server could not say where that is). Cursors past the
 * floor (the stream or the durable made again, sequences begun anew) go back to the lookback too.
 */
async function cursorsOf(consumer: AuditedConsumer, stream: string, filter: string, floor: number, rows: TypeCursor[]): Promise<Map<string, TypeCursor> | undefined> {
  const { db, durable, types } = consumer;
  const own = new Map(rows.filter((row) => types.includes(row.type)).map((row) => [row.type, row]));
  const missing = types.filter((type) => !own.has(type));
  if (missing.length > 0 && rows.length > 0) {
    const openAt = Math.min(consumer.openAt ?? floor + 1, floor + 1);
    await openAuditTypes(db, durable, missing, openAt);
    for (const type of missing) own.set(type, { type, seq: openAt, retry: [] });
  }
  const past = [...own.values()].filter((row) => row.seq > floor + 1).map((row) => row.type);
  if (own.size === types.length && past.length === 0) return own;
  const lookback = await lookbackStart(consumer, stream, filter, floor);
  if (lookback === undefined) return undefined;
  if (past.length > 0) await rewindAuditCursors(db, durable, past, lookback);
  for (const type of types) if (!own.has(type) || past.includes(type)) own.set(type, { type, seq: lookback, retry: own.get(type)?.retry ?? [] });
  return own;
}

/**
 * The first sequence of the filter since AUDIT_LOOKBACK_MS ago, at most the floor + 1 (nothing of
 * the lookback acknowledged yet: what is pending will be); undefined when the server could not say
 * (the next round asks again).
 */
async function lookbackStart(consumer: AuditedConsumer, stream: string, filter: string, floor: number): Promise<number | undefined> {
  const since = new Date(Date.now() - (consumer.lookbackMs ?? AUDIT_LOOKBACK_MS));
  const first = await firstSeqSince(consumer.nc, stream, filter, since);
  return first === undefined ? undefined : Math.min(first, floor + 1);
}

/** At most `max` of `all`, from a random place in it: entries that keep failing do not keep the others from their turn. */
function someOf<T>(all: T[], max: number): T[] {
  if (all.length <= max) return all;
  const from = Math.floor(Math.random() * all.length);
  return [...all.slice(from), ...all.slice(0, from)].slice(0, max);
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
async function unappliedUpTo(consumer: AuditedConsumer, stream: string, filter: string, cursors: Map<string, TypeCursor>, floor: number): Promise<{ suspects: Suspect[]; next: number; read: number }> {
  const from = Math.min(...[...cursors.values()].map((c) => c.seq));
  // From a sequence, never a time: an ordered consumer that resets (a gap, a lost heartbeat) keeps
  // its first options and adds a start sequence, which the server refuses beside a start time.
  const reader = await jetstream(consumer.nc).consumers.get(stream, { filter_subjects: filter, headers_only: true, deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from });
  // Each type's messages from its own cursor on: below it, another round checked them.
  const checkedFrom = new Map([...cursors.values()].map((c) => [eventSubject(consumer.prefix, c.type), c]));
  const suspects: Suspect[] = [];
  let last: number | undefined;
  let done = false;
  let read = 0;
  try {
    while (!done && !consumer.stopping()) {
      const named = new Map<string, Suspect>();
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
        const cursor = checkedFrom.get(msg.subject);
        if (cursor && msg.seq >= cursor.seq) {
          const id = msg.headers?.get('Nats-Msg-Id') ?? '';
          const suspect = { type: cursor.type, seq: msg.seq };
          if (UUID.test(id)) named.set(id.toLowerCase(), suspect);
          else suspects.push(suspect);
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
  suspects.sort((a, b) => a.seq - b.seq);
  const next = done ? floor + 1 : last !== undefined ? last + 1 : from;
  return { suspects, next, read };
}

/** A message of a type the consumer applies, found without its effect. */
interface Suspect {
  type: string;
  seq: number;
}

/**
 * The sequence of the first message of the filter at or after `since` (one message read, headers
 * only), or where the next one will be when none came since (the server's start for that time, as
 * the probe's delivered sequence says); undefined when the server could not say in time.
 */
async function firstSeqSince(nc: NatsConnection, stream: string, filter: string, since: Date): Promise<number | undefined> {
  const probe = await jetstream(nc).consumers.get(stream, { filter_subjects: filter, headers_only: true, deliver_policy: DeliverPolicy.StartTime, opt_start_time: since.toISOString() });
  try {
    const first = await probe.next({ expires: 1000 });
    if (first) return first.seq;
    const info = await probe.info(false).catch(() => undefined);
    return info && info.num_pending === 0 ? info.delivered.stream_seq + 1 : undefined;
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
