import { jetstream, jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { headers, nanos, type NatsConnection } from '@nats-io/transport-node';
import { ensureStream, streamReplicas } from './stream-setup.js';
import { eventStreamName } from './subjects.js';

/**
 * Messages that can never apply (not JSON, an unknown type, data against its contract) leave
 * their consumer for this stream, with the reason, instead of vanishing: counted, shown on
 * /api/health, listed for the admin and put back with `npm run events:redrive` once fixed.
 */
export const deadLetterStreamName = (prefix: string) => `${prefix.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_DEAD_LETTERS`;
export const deadLetterSubject = (prefix: string, durable: string) => `${prefix}.dlq.${durable}`;

export const DEAD_LETTER_HEADERS = {
  reason: 'Limo-Reason',
  consumer: 'Limo-Consumer',
  subject: 'Limo-Original-Subject',
  sequence: 'Limo-Original-Sequence',
} as const;

export interface DeadLetter {
  /** Position in the dead-letter stream. */
  seq: number;
  /** The consumer it was filed under (its dead-letter subject, which only that consumer's user may publish). */
  consumer: string;
  /** The event subject the message was published on, as the letter says. */
  subject: string;
  /** Its position in the event stream, as the letter says. */
  originalSeq: number;
  reason: string;
  at: string;
  /** The message as it was (possibly not JSON). */
  body: string;
}

export async function ensureDeadLetterStream(nc: NatsConnection, prefix: string, configuredReplicas?: number): Promise<string> {
  const name = deadLetterStreamName(prefix);
  const { replicas, guessed } = streamReplicas(nc, configuredReplicas);
  await ensureStream(await jetstreamManager(nc), name, {
    name,
    num_replicas: replicas,
    subjects: [`${prefix}.dlq.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(365 * 24 * 3600_000),
  }, { replicasGuessed: guessed });
  return name;
}

/** Files a message that can never apply, with why; the caller then terminates the original. */
export async function deadLetter(nc: NatsConnection, prefix: string, durable: string, msg: JsMsg, reason: string): Promise<void> {
  const hdrs = headers();
  hdrs.set(DEAD_LETTER_HEADERS.reason, reason.slice(0, 1000));
  hdrs.set(DEAD_LETTER_HEADERS.consumer, durable);
  hdrs.set(DEAD_LETTER_HEADERS.subject, msg.subject);
  hdrs.set(DEAD_LETTER_HEADERS.sequence, String(msg.seq));
  // One dead letter per consumer and original message, however often the message is redelivered.
  await jetstream(nc).publish(deadLetterSubject(prefix, durable), msg.data, { headers: hdrs, msgID: `${durable}:${msg.seq}` });
}

export async function deadLetterCount(nc: NatsConnection, prefix: string): Promise<number> {
  const jsm = await jetstreamManager(nc);
  try {
    return (await jsm.streams.info(deadLetterStreamName(prefix))).state.messages;
  } catch {
    return 0;
  }
}

/** The dead letters on file, oldest first (at most `limit`). */
export async function listDeadLetters(nc: NatsConnection, prefix: string, limit = 100): Promise<DeadLetter[]> {
  const jsm = await jetstreamManager(nc);
  const name = deadLetterStreamName(prefix);
  let state;
  try {
    state = (await jsm.streams.info(name)).state;
  } catch {
    return [];
  }
  const letters: DeadLetter[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && letters.length < limit; seq++) {
    const m = await jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (!m) continue;
    letters.push({
      seq,
      consumer: m.subject.slice(deadLetterSubject(prefix, '').length),
      subject: m.header?.get(DEAD_LETTER_HEADERS.subject) ?? '',
      originalSeq: Number(m.header?.get(DEAD_LETTER_HEADERS.sequence) ?? 0),
      reason: m.header?.get(DEAD_LETTER_HEADERS.reason) ?? '',
      at: m.time.toISOString(),
      body: m.string(),
    });
  }
  return letters;
}

export interface RedriveResult {
  moved: number;
  /** Letters left on file: not what their consumer was given (forged, or the original is gone). */
  refused: { seq: number; consumer: string; subject: string; why: string }[];
}

/**
 * Puts dead letters back on their original subjects (under a new message id, so JetStream's
 * duplicate window does not drop them) and removes them from the dead-letter stream. The
 * consumers' processed-events records still keep each event to one effect.
 *
 * Only what the consumer was really given goes back: the event stream must still hold, at the
 * letter's sequence, the same body on the same subject, and that subject must be within the
 * filter of the consumer whose dead-letter subject the letter came on. A letter anyone else wrote
 * (a service's user may file dead letters for its own consumers) is refused and left on file.
 */
export async function redriveDeadLetters(nc: NatsConnection, prefix: string): Promise<RedriveResult> {
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const name = deadLetterStreamName(prefix);
  const result: RedriveResult = { moved: 0, refused: [] };
  for (const letter of await listDeadLetters(nc, prefix, Number.MAX_SAFE_INTEGER)) {
    const original = await originalOf(jsm, prefix, letter);
    if (typeof original === 'string') {
      result.refused.push({ seq: letter.seq, consumer: letter.consumer, subject: letter.subject, why: original });
      continue;
    }
    // The event stream's own copy goes back, byte for byte.
    await js.publish(letter.subject, original, { msgID: `redrive:${letter.consumer}:${letter.seq}:${Date.now()}` });
    await jsm.streams.deleteMessage(name, letter.seq);
    result.moved++;
  }
  return result;
}

/** The event the letter's consumer was given, or why the letter is not that. */
async function originalOf(jsm: JetStreamManager, prefix: string, letter: DeadLetter): Promise<Uint8Array | string> {
  const events = eventStreamName(prefix);
  const consumer = await jsm.consumers.info(events, letter.consumer).catch(() => undefined);
  if (!consumer) return `no consumer ${letter.consumer}`;
  const filter = consumer.config.filter_subject ?? '>';
  if (!subjectMatches(filter, letter.subject)) return `${letter.subject} is outside ${letter.consumer}'s filter ${filter}`;
  const original = letter.originalSeq > 0 ? await jsm.streams.getMessage(events, { seq: letter.originalSeq }).catch(() => null) : null;
  if (!original) return `the event stream holds no message ${letter.originalSeq}`;
  if (original.subject !== letter.subject || original.string() !== letter.body) return `not the message ${letter.originalSeq} of the event stream`;
  return original.data;
}

/** NATS subject matching: `*` is one token, a final `>` one or more. */
export function subjectMatches(filter: string, subject: string): boolean {
  const want = filter.split('.');
  const got = subject.split('.');
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '>') return got.length > i;
    if (i >= got.length || (want[i] !== '*' && want[i] !== got[i])) return false;
  }
  return want.length === got.length;
}
