import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { describeZodError, EventEnvelope, eventByType } from '@limo/contracts';
import { markProcessed, type TransactionalDb } from '@limo/database';
import { runWithRequestId } from '@limo/observability';
import { eventStreamName } from './subjects.js';

/** One event's effect, run inside the consumer's transaction (`tx`). */
export type EventEffect = (envelope: EventEnvelope, tx: unknown, message?: JsMsg) => Promise<void>;

export interface ConsumerObserver {
  /** A durable consumer began pulling. */
  started?(durable: string): void;
  /** An event whose effect committed (or was found already applied). */
  applied(durable: string, type: string, outcome: 'applied' | 'duplicate'): void;
  /** An attempt that failed and will be retried. */
  failed(durable: string, type: string): void;
  /** A message that can never apply (not JSON, unknown type, data against its contract). */
  rejected(durable: string, reason: string): void;
}

export interface DurableConsumerOptions {
  nc: NatsConnection;
  prefix: string;
  db: TransactionalDb;
  /** Durable name, shared by every replica of the consuming service. */
  durable: string;
  /** Event types this consumer reads (`booking.>` style, without the prefix). */
  filter: string;
  /** Effects keyed by event type; other types under the filter are acknowledged and skipped. */
  handlers: Record<string, EventEffect>;
  ackWaitMs?: number;
  maxDeliver?: number;
  log?: (message: string) => void;
  observer?: ConsumerObserver;
  /** Test seam: runs after the effect commits and before the ack. */
  afterCommit?: (envelope: EventEnvelope) => Promise<void>;
}

/**
 * A durable JetStream pull consumer with explicit acks. Each event's effect and its
 * `processed_events` row commit in one transaction, so a redelivery (after a crash between the
 * commit and the ack, or a republish) finds the row and has no second effect. Invalid messages
 * are terminated with a logged reason, never half-applied. Each event is handled under the
 * request id of the work that produced it.
 */
export class DurableEventConsumer {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private stopped = false;
  private readonly log: (message: string) => void;

  constructor(private readonly options: DurableConsumerOptions) {
    this.log = options.log ?? (() => {});
  }

  get durable(): string {
    return this.options.durable;
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
    this.options.observer?.started?.(durable);
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) {
      if (this.stopped) break;
      await this.process(msg);
    }
  }

  /** Handles one message to its ack, nak or term. Exposed for tests that drive a single message. */
  async process(msg: JsMsg): Promise<'applied' | 'duplicate' | 'skipped' | 'rejected' | 'retry'> {
    const { durable, db, handlers, observer } = this.options;
    const envelope = parseEnvelope(msg);
    if (typeof envelope === 'string') {
      this.log(`${durable}: rejected message ${msg.seq} on ${msg.subject}: ${envelope}`);
      observer?.rejected(durable, envelope);
      msg.term(envelope);
      return 'rejected';
    }
    const handler = handlers[envelope.type];
    if (!handler) {
      msg.ack();
      return 'skipped';
    }
    return runWithRequestId(envelope.correlationId, async () => {
      try {
        const applied = await db.$transaction(async (tx) => {
          if (!(await markProcessed(tx, durable, envelope.eventId))) return false;
          await handler(envelope, tx, msg);
          return true;
        });
        await this.options.afterCommit?.(envelope);
        msg.ack();
        observer?.applied(durable, envelope.type, applied ? 'applied' : 'duplicate');
        return applied ? 'applied' : 'duplicate';
      } catch (error) {
        if (this.stopped) return 'retry';
        const attempt = msg.info.deliveryCount;
        this.log(`${durable}: ${envelope.type} ${envelope.eventId} failed (attempt ${attempt}), will retry: ${describe(error)}`);
        observer?.failed(durable, envelope.type);
        msg.nak(Math.min(30_000, 500 * 2 ** attempt));
        return 'retry';
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => {});
    await this.loop?.catch(() => {});
  }
}

/** Errors from Nest's handler pipeline may be plain `{status, message}` objects. */
function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown })?.message;
  return typeof message === 'string' ? message : JSON.stringify(error);
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
