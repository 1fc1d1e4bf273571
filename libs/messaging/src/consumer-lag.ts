import { DeliverPolicy, jetstream, jetstreamManager, type ConsumerInfo, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventStreamName } from './subjects.js';

export interface ConsumerLag {
  durable: string;
  /** Events not yet applied: not delivered yet, or delivered and not acknowledged. */
  pending: number;
  /** Age of the oldest event not yet applied (0 when none). */
  oldestSeconds: number;
}

export interface ConsumerLagOptions {
  /**
   * How the oldest unapplied event is read: `direct` gets it by sequence (the gateway, which may
   * read the whole stream); `consumer` fetches it through a short-lived ordered consumer on the
   * durable's own filter, what a service's user may read (libs/messaging/src/nats-auth.ts).
   */
  oldestBy?: 'direct' | 'consumer';
}

/** How far behind each durable consumer of the event stream is (all of them, or the named ones). */
export async function consumerLags(nc: NatsConnection, prefix: string, durables?: Iterable<string>, options: ConsumerLagOptions = {}): Promise<ConsumerLag[]> {
  const jsm = await jetstreamManager(nc);
  const stream = eventStreamName(prefix);
  const infos: ConsumerInfo[] = [];
  if (durables) {
    for (const durable of durables) {
      const info = await jsm.consumers.info(stream, durable).catch(() => undefined);
      if (info) infos.push(info);
    }
  } else {
    for await (const info of jsm.consumers.list(stream)) if (info.config.durable_name) infos.push(info);
  }
  const now = Date.now();
  const lags: ConsumerLag[] = [];
  for (const info of infos) {
    const pending = info.num_pending + info.num_ack_pending;
    let oldestSeconds = 0;
    if (pending > 0) {
      const first = await (options.oldestBy === 'consumer' ? firstUnappliedThroughConsumer(nc, stream, info) : firstUnappliedDirect(jsm, stream, info));
      if (first) oldestSeconds = Math.max(0, (now - first.getTime()) / 1000);
    }
    lags.push({ durable: info.config.durable_name!, pending, oldestSeconds });
  }
  return lags;
}

/** The first message past the acknowledged floor that this consumer's filter selects, by direct get. */
async function firstUnappliedDirect(jsm: JetStreamManager, stream: string, info: ConsumerInfo): Promise<Date | undefined> {
  const first = await jsm.direct.getMessage(stream, { seq: info.ack_floor.stream_seq + 1, next_by_subj: info.config.filter_subject ?? '>' }).catch(() => null);
  return first?.time;
}

/** The same message, read through an ordered consumer of the durable's own filter (then deleted). */
async function firstUnappliedThroughConsumer(nc: NatsConnection, stream: string, info: ConsumerInfo): Promise<Date | undefined> {
  try {
    const probe = await jetstream(nc).consumers.get(stream, {
      filter_subjects: info.config.filter_subject ?? '>',
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: info.ack_floor.stream_seq + 1,
    });
    try {
      const msg = await probe.next({ expires: 1000 });
      return msg ? new Date(Math.floor(msg.info.timestampNanos / 1_000_000)) : undefined;
    } finally {
      await probe.delete().catch(() => false);
    }
  } catch {
    return undefined;
  }
}
