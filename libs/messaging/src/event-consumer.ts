import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { describeZodError, EventEnvelope, eventByType } from '@limo/contracts';
import { markProcessed, type SqlExecutor, type TransactionalDb } from '@limo/database';
import { eventStreamName } from './subjects.js';

export type EventHandler = (envelope: EventEnvelope<any>, tx: any) => Promise<void>;

export interface DurableConsumerOptions {
  nc: NatsConnection;
  prefix: string;
  db: TransactionalDb;
  /** Durable name, shared by every replica of the consuming service. */
  durable: string;
  /** Event types this consumer reads (`booking.>` style, without the prefix). */
  filter: string;
  /** Effects keyed by event type; other types under the filter are acknowledged and skipped. */
  handlers: Record<string, EventHandler>;
  ackWaitMs?: number;
  maxDeliver?: number;
  log?: (message: string) => void;
  /** Test seam: runs after the effect commits and before the ack. */
  afterCommit?: (envelope: EventEnvelope) => Promise<void>;
}

/**
 * A durable JetStream pull consumer with explicit acks. Each event's effect and its
 * `processed_events` row commit in one transaction, so a redelivery (after a crash between the
 * commit and the ack, or a republish) finds the row and has no second effect. Invalid messages
 * are terminated with a logged reason, never half-applied.
 */
export class DurableEventConsumer {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private stopped = false;
  private readonly log: (message: string) => void;

  constructor(private readonly options: DurableConsumerOptions) {
    this.log = options.log ?? (() => {});
  }

  async start(): Promise<void> {
    const { nc, prefix, durable } = this.options;
    const stream = eventStreamName(prefix);
    const jsm = await jetstreamManager(nc);
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${prefix}.evt.${this.options.filter}`,
      ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
      max_deliver: this.options.maxDeliver ?? 20,
    };
    await jsm.consumers.info(stream, durable).catch(() => jsm.consumers.add(stream, config));
    const consumer = await jetstream(nc).consumers.get(stream, durable);
    this.messages = await consumer.consume({ max_messages: 64 });
    this.loop = this.run(this.messages);
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) {
      if (this.stopped) break;
      await this.process(msg);
    }
  }

  /** Handles one message to its ack, nak or term. Exposed for tests that drive a single message. */
  async process(msg: JsMsg): Promise<'applied' | 'duplicate' | 'skipped' | 'rejected' | 'retry'> {
    const { durable, db, handlers } = this.options;
    const envelope = parseEnvelope(msg);
    if (typeof envelope === 'string') {
      this.log(`${durable}: rejected message ${msg.seq} on ${msg.subject}: ${envelope}`);
      msg.term(envelope);
      return 'rejected';
    }
    const handler = handlers[envelope.type];
    if (!handler) {
      msg.ack();
      return 'skipped';
    }
    try {
      const applied = await db.$transaction(async (tx: SqlExecutor) => {
        if (!(await markProcessed(tx, durable, envelope.eventId))) return false;
        await handler(envelope, tx);
        return true;
      });
      await this.options.afterCommit?.(envelope);
      msg.ack();
      return applied ? 'applied' : 'duplicate';
    } catch (error) {
      if (this.stopped) return 'retry';
      const attempt = msg.info.deliveryCount;
      this.log(`${durable}: ${envelope.type} ${envelope.eventId} failed (attempt ${attempt}), will retry: ${(error as Error).message}`);
      msg.nak(Math.min(30_000, 500 * 2 ** attempt));
      return 'retry';
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => {});
    await this.loop?.catch(() => {});
  }
}

function parseEnvelope(msg: JsMsg): EventEnvelope | string {
  let raw: unknown;
  try {
    raw = msg.json();
  } catch {
    return 'body is not JSON';
  }
  const envelope = EventEnvelope.safeParse(raw);
  if (!envelope.success) return `invalid envelope: ${describeZodError(envelope.error).message}`;
  const contract = eventByType.get(envelope.data.type);
  if (!contract) return `unknown event type ${envelope.data.type}`;
  const data = contract.data.safeParse(envelope.data.data);
  if (!data.success) return `invalid ${envelope.data.type} data: ${describeZodError(data.error).message}`;
  return { ...envelope.data, data: data.data };
}
