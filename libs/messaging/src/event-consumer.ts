import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerInfo, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { describeZodError, EventEnvelope, eventByType } from '@limo/contracts';
import { markProcessedMany, openAuditTypes, type TransactionalDb } from '@limo/database';
import { runWithRequestId } from '@limo/observability';
import { auditConsumer, type AuditedConsumer } from './consumer-audit.js';
import { deadLetter } from './dead-letters.js';
import { eventStreamName } from './subjects.js';
import { TransactionBatch } from './transaction-batch.js';

/** One event's effect, run inside the consumer's transaction (`tx`), with the batch it belongs to. */
export type EventEffect = (envelope: EventEnvelope, tx: unknown, batch: TransactionBatch, message?: JsMsg) => Promise<void>;

export interface ConsumerObserver {
  /** A durable consumer began pulling. */
  started?(durable: string): void;
  /** An event whose effect committed (or was found already applied). */
  applied(durable: string, type: string, outcome: 'applied' | 'duplicate' | 'recovered'): void;
  /** An attempt that failed and will be retried. */
  failed(durable: string, type: string): void;
  /** A message that can never apply (not JSON, unknown type, data against its contract): dead-lettered. */
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
  /** Most events applied in one transaction. */
  maxBatch?: number;
  /** Longest wait between two attempts at an event that keeps failing. */
  retryCeilingMs?: number;
  log?: (message: string) => void;
  observer?: ConsumerObserver;
  /** Test seam: runs after the effect commits and before the ack. */
  afterCommit?: (envelope: EventEnvelope) => Promise<void>;
  /** Called once after a batch commits that applied at least one event (not only duplicates). */
  onCommitted?: () => void;
  /** How often this replica audits the durable for events acknowledged unapplied (consumer-audit.ts); 0: never. */
  auditEveryMs?: number;
  /** Test seam: how far back the audit of a durable without a stored cursor looks (AUDIT_LOOKBACK_MS). */
  auditLookbackMs?: number;
}

type Parsed = { msg: JsMsg; envelope: EventEnvelope; handler: EventEffect };
/** An event to apply: from a delivery (`msg`), or found by the audit (no message to acknowledge). */
type Applicable = Omit<Parsed, 'msg'> & { msg?: JsMsg };

const AUDIT_EVERY_MS = 60_000;
const AUDIT_STOP_WAIT_MS = 2_000;
/** How the log names an event the audit applied (the fault suite counts these lines). */
export const RECOVERED_LOG = 'which the stream had acknowledged without its effect';

/**
 * A durable JetStream pull consumer with explicit acks.
 *
 * - Exactly one effect per event: each event's effect and its `processed_events` row commit in
 *   one transaction, so a redelivery (after a crash between commit and ack, or a republish)
 *   finds the row and has no second effect.
 * - Nothing dropped: a failing effect (database down, a timeout, a bug) is retried for as long
 *   as it takes, with backoff up to a ceiling; JetStream's delivery cap is off. Only a message
 *   that can never apply (not JSON, an unknown type, data against its contract) leaves, to the
 *   dead-letter stream with its reason.
 * - Batches: the events waiting in the consumer's buffer are applied together, in order, in one
 *   transaction (handlers may gather work into `TransactionBatch` and do it once before the
 *   commit); if the batch fails, its events are retried one by one so one bad event holds up
 *   only itself.
 */
export class DurableEventConsumer {
  private messages: ConsumerMessages | undefined;
  private pump: Promise<void> | undefined;
  private loop: Promise<void> | undefined;
  private stopped = false;
  private readonly queue: JsMsg[] = [];
  private wake: (() => void) | undefined;
  private readonly log: (message: string) => void;
  private auditing: Promise<void> | undefined;
  /** Where this replica's types open their audit (the durable's floor + 1 when it started), until stored. */
  private auditOpening: { seq: number; always: boolean } | undefined;
  /** The floor + 1 when this replica started: where types new to the durable open. */
  private startFloor: number | undefined;
  private stopAuditPause: (() => void) | undefined;

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
      // No cap: an event is delivered until it applies (or is dead-lettered as unreadable).
      max_deliver: -1,
      max_ack_pending: 1000,
    };
    const existing = await jsm.consumers.info(stream, durable).catch(() => undefined);
    if (!existing) {
      // Made meanwhile by another replica, or there all along (the question above not answered in
      // time: adding an existing durable answers it): its types open at its floor as below. A
      // durable made now has no floor yet, and nothing of an earlier audit to carry on.
      const found = await jsm.consumers.add(stream, config).catch(() => jsm.consumers.info(stream, durable));
      if (found.ack_floor.stream_seq > 0) this.openAuditAt(found.ack_floor.stream_seq + 1, false);
    } else {
      // Durables created when deliveries were capped: lift the cap.
      if (existing.config.max_deliver !== -1) await jsm.consumers.update(stream, durable, { max_deliver: -1 });
      // Durables created with a wider filter (every event of a service) narrow to what they read;
      // a server that refuses keeps the wider one, whose extra events are acknowledged unread.
      const updated =
        existing.config.filter_subject === config.filter_subject
          ? undefined
          : await jsm.consumers.update(stream, durable, { filter_subject: config.filter_subject }).catch((error: Error) => {
              this.log(`${durable}: kept the filter ${existing.config.filter_subject} (${error.message})`);
            });
      this.openAuditAt((updated ?? existing).ack_floor.stream_seq + 1, updated !== undefined);
    }
    await this.openAuditTypes();
    const consumer = await jetstream(nc).consumers.get(stream, durable);
    this.messages = await consumer.consume({ max_messages: 256 });
    this.pump = this.fill(this.messages);
    this.loop = this.run();
    const auditEveryMs = this.options.auditEveryMs ?? AUDIT_EVERY_MS;
    if (auditEveryMs > 0) this.auditing = this.audit(auditEveryMs);
    this.options.observer?.started?.(durable);
  }

  /**
   * The event types this replica applies start their audit at the durable's floor when it started,
   * if they are new to the durable (a deploy added their handler) or its filter just changed: their
   * events below it were never its to apply (acknowledged unread by replicas without their handler,
   * or outside the filter), while those that replicas of the earlier deploy acknowledge unread from
   * now on are found by the rounds (openAuditTypes). Tried again before each round until it is
   * stored (the database down at start-up): a replica that starts later must not open them at its
   * own, later floor.
   */
  private openAuditAt(seq: number, filterChanged: boolean): void {
    this.startFloor = seq;
    this.auditOpening = { seq, always: filterChanged };
  }

  private async openAuditTypes(): Promise<void> {
    if (!this.auditOpening) return;
    const { db, durable, handlers } = this.options;
    const { seq, always } = this.auditOpening;
    try {
      await openAuditTypes(db, durable, Object.keys(handlers), seq, always);
      this.auditOpening = undefined;
    } catch (error) {
      this.log(`${durable}: could not store where its audit starts, trying again before its next round (${(error as Error).message})`);
    }
  }

  /**
   * Every `everyMs` (give or take a tenth, so replicas spread out), the events at or below the
   * durable's acknowledged floor that have no `processed_events` row are applied (consumer-audit.ts),
   * from the cursor the service's replicas share in its database.
   */
  private async audit(everyMs: number): Promise<void> {
    const { nc, prefix, db, durable, observer } = this.options;
    const target: AuditedConsumer = {
      nc,
      prefix,
      db,
      durable,
      types: Object.keys(this.options.handlers),
      eventOf: (msg) => {
        const parsed = this.parse(msg);
        return parsed && typeof parsed !== 'string' ? parsed.envelope : undefined;
      },
      reapply: async (envelope) => {
        const event = { envelope, handler: this.options.handlers[envelope.type]! };
        const outcome = (await this.commit([event])).get(event) ?? 'duplicate';
        if (outcome === 'applied') {
          this.options.onCommitted?.();
          this.log(`${durable}: applied ${envelope.type} ${envelope.eventId}, ${RECOVERED_LOG}`);
        }
        observer?.applied(durable, envelope.type, outcome === 'applied' ? 'recovered' : 'duplicate');
        return outcome;
      },
      stopping: () => this.stopped,
      lookbackMs: this.options.auditLookbackMs,
      openAt: this.startFloor,
    };
    while (!this.stopped) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, everyMs * (0.9 + Math.random() * 0.2));
        this.stopAuditPause = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (this.stopped) return;
      try {
        await this.openAuditTypes();
        const { retry } = await auditConsumer(target);
        if (retry.length > 0) this.log(`${durable}: the audit found ${retry.length} event(s) without their effect that did not apply (stream sequences ${retry.slice(0, 10).join(', ')}); trying again next round`);
      } catch (error) {
        // The next round tries the same range again: nothing is skipped.
        if (!this.stopped) this.log(`${durable}: audit failed, trying again later: ${describe(error)}`);
      }
    }
  }

  private async fill(messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) {
      this.queue.push(msg);
      this.wake?.();
    }
  }

  private async run(): Promise<void> {
    const max = this.options.maxBatch ?? 100;
    while (!this.stopped) {
      if (this.queue.length === 0) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
        continue;
      }
      await this.processBatch(this.queue.splice(0, max));
    }
  }

  /** Handles messages to their ack, nak or dead letter; exposed for tests that drive messages by hand. */
  async processBatch(batch: JsMsg[]): Promise<void> {
    const valid: Parsed[] = [];
    for (const msg of batch) {
      const parsed = this.parse(msg);
      // An event this consumer has no handler for (its filter covers a whole service) is
      // acknowledged by its subject, before its body is read or checked.
      if (!parsed) msg.ack();
      else if (typeof parsed === 'string') await this.reject(msg, parsed);
      else valid.push(parsed);
    }
    if (valid.length === 0) return;
    try {
      await this.applyTogether(valid);
    } catch (error) {
      if (this.stopped) return;
      if (valid.length > 1) {
        // Find the failing event(s): each on its own, the others go through.
        for (const one of valid) await this.applyAlone(one);
        return;
      }
      this.retryLater(valid[0], error);
    }
  }

  /** The message's event and handler; undefined for a type without a handler; why, for one that can never apply. */
  private parse(msg: JsMsg): Parsed | string | undefined {
    const handler = this.handlerOf(msg.subject);
    if (!handler) return undefined;
    const type = msg.subject.slice(`${this.options.prefix}.evt.`.length);
    const envelope = parseEnvelope(msg);
    if (typeof envelope === 'string') return envelope;
    // A body whose type is not its subject's: refused like any other unreadable message.
    if (envelope.type !== type) return `type ${envelope.type} published on ${msg.subject}`;
    return { msg, envelope, handler };
  }

  private handlerOf(subject: string): EventEffect | undefined {
    return this.options.handlers[subject.slice(`${this.options.prefix}.evt.`.length)];
  }

  private async applyAlone(one: Parsed): Promise<void> {
    try {
      await this.applyTogether([one]);
    } catch (error) {
      if (!this.stopped) this.retryLater(one, error);
    }
  }

  private async applyTogether(events: Parsed[]): Promise<void> {
    const { durable, observer } = this.options;
    const applied = await this.commit(events);
    if ([...applied.values()].includes('applied')) this.options.onCommitted?.();
    for (const event of events) {
      await this.options.afterCommit?.(event.envelope);
      event.msg.ack();
      observer?.applied(durable, event.envelope.type, applied.get(event) ?? 'duplicate');
    }
  }

  /** The events' effects and their `processed_events` rows, in one transaction; what each was. */
  private async commit<E extends Applicable>(events: E[]): Promise<Map<E, 'applied' | 'duplicate'>> {
    const { durable, db } = this.options;
    return db.$transaction(
      async (tx) => {
        const fresh = await markProcessedMany(tx, durable, events.map((e) => e.envelope.eventId));
        const batch = new TransactionBatch();
        const outcome = new Map<E, 'applied' | 'duplicate'>();
        for (const event of events) {
          // The first copy of an event in the batch applies; any other copy is a duplicate.
          if (!fresh.delete(event.envelope.eventId)) {
            outcome.set(event, 'duplicate');
            continue;
          }
          await runWithRequestId(event.envelope.correlationId, () => event.handler(event.envelope, tx, batch, event.msg));
          outcome.set(event, 'applied');
        }
        await batch.flush();
        return outcome;
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
  }

  private retryLater({ msg, envelope }: Parsed, error: unknown): void {
    const { durable, observer } = this.options;
    const attempt = msg.info.deliveryCount;
    const delay = Math.min(this.options.retryCeilingMs ?? 30_000, 500 * 2 ** Math.min(attempt - 1, 20));
    this.log(`${durable}: ${envelope.type} ${envelope.eventId} failed (attempt ${attempt}), retrying in ${delay} ms: ${describe(error)}`);
    observer?.failed(durable, envelope.type);
    msg.nak(delay);
  }

  private async reject(msg: JsMsg, reason: string): Promise<void> {
    const { durable, nc, prefix, observer } = this.options;
    try {
      await deadLetter(nc, prefix, durable, msg, reason);
    } catch (error) {
      // Not filed: keep the message and try again later rather than lose it.
      this.log(`${durable}: could not dead-letter message ${msg.seq} (${describe(error)}); retrying`);
      msg.nak(5_000);
      return;
    }
    this.log(`${durable}: dead-lettered message ${msg.seq} on ${msg.subject}: ${reason}`);
    observer?.rejected(durable, reason);
    // No reason on the TERM: NATS 2.9 ignores a TERM that carries one (the dead letter has it).
    msg.term();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.stopAuditPause?.();
    await this.messages?.close().catch(() => {});
    await this.pump?.catch(() => {});
    await this.loop?.catch(() => {});
    // A round in progress ends at its next fetch or event (it asks `stopping`); a NATS or database
    // call of it that hangs must not hold the service's shutdown, so it is waited for a moment only.
    await Promise.race([this.auditing?.catch(() => {}), new Promise((resolve) => setTimeout(resolve, AUDIT_STOP_WAIT_MS).unref())]);
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
