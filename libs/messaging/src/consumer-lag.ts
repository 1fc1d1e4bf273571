import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventStreamName } from './subjects.js';

export interface ConsumerLag {
  durable: string;
  /** Events not yet applied: not delivered yet, or delivered and not acknowledged. */
  pending: number;
  /** Age of the oldest event not yet applied (0 when none). */
  oldestSeconds: number;
}

/** How far behind each durable consumer of the event stream is (all of them, or the named ones). */
export async function consumerLags(nc: NatsConnection, prefix: string, durables?: Iterable<string>): Promise<ConsumerLag[]> {
  const jsm = await jetstreamManager(nc);
  const stream = eventStreamName(prefix);
  const infos = [];
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
      // The first message past the acknowledged floor that this consumer's filter selects.
      const first = await jsm.direct
        .getMessage(stream, { seq: info.ack_floor.stream_seq + 1, next_by_subj: info.config.filter_subject ?? '>' })
        .catch(() => null);
      if (first) oldestSeconds = Math.max(0, (now - first.time.getTime()) / 1000);
    }
    lags.push({ durable: info.config.durable_name!, pending, oldestSeconds });
  }
  return lags;
}
