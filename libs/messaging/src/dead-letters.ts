import { jetstream, jetstreamManager, RetentionPolicy, StorageType, type JsMsg } from '@nats-io/jetstream';
import { headers, nanos, type NatsConnection } from '@nats-io/transport-node';

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
  consumer: string;
  /** The event subject the message was published on. */
  subject: string;
  reason: string;
  at: string;
  /** The message as it was (possibly not JSON). */
  body: string;
}

export async function ensureDeadLetterStream(nc: NatsConnection, prefix: string): Promise<string> {
  const jsm = await jetstreamManager(nc);
  const name = deadLetterStreamName(prefix);
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add({
        name,
        subjects: [`${prefix}.dlq.>`],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        max_age: nanos(365 * 24 * 3600_000),
      });
    } catch (error) {
      await jsm.streams.info(name).catch(() => {
        throw error;
      });
    }
  }
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
      consumer: m.header?.get(DEAD_LETTER_HEADERS.consumer) ?? '',
      subject: m.header?.get(DEAD_LETTER_HEADERS.subject) ?? '',
      reason: m.header?.get(DEAD_LETTER_HEADERS.reason) ?? '',
      at: m.time.toISOString(),
      body: m.string(),
    });
  }
  return letters;
}

/**
 * Puts dead letters back on their original subjects (under a new message id, so JetStream's
 * duplicate window does not drop them) and removes them from the dead-letter stream. The
 * consumers' processed-events records still keep each event to one effect.
 */
export async function redriveDeadLetters(nc: NatsConnection, prefix: string): Promise<number> {
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const name = deadLetterStreamName(prefix);
  let moved = 0;
  for (const letter of await listDeadLetters(nc, prefix, Number.MAX_SAFE_INTEGER)) {
    await js.publish(letter.subject, letter.body, { msgID: `redrive:${letter.consumer}:${letter.seq}:${Date.now()}` });
    await jsm.streams.deleteMessage(name, letter.seq);
    moved++;
  }
  return moved;
}
