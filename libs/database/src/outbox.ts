import { randomUUID } from 'node:crypto';
import type { EventContract, EventDataOf, EventEnvelope } from '@limo/contracts';
import { currentRequestId } from '@limo/observability';
import type pg from 'pg';
import { connectWithin } from './prisma.js';
import type { SqlExecutor, TransactionalDb } from './sql.js';

/**
 * An event as the outbox stores it, its data validated here: an invalid event aborts the change
 * instead of reaching consumers.
 */
export function outboxEnvelope<C extends EventContract>(
  contract: C,
  aggregateId: string | number,
  data: EventDataOf<C>,
  occurredAt: Date = new Date(),
): EventEnvelope<EventDataOf<C>> {
  return {
    eventId: randomUUID(),
    type: contract.type,
    occurredAt: occurredAt.toISOString(),
    aggregateId: String(aggregateId),
    correlationId: currentRequestId(),
    data: contract.data.parse(data) as EventDataOf<C>,
  };
}

/** The columns of an `outbox_events` row, for a statement that writes one itself. */
export const OUTBOX_COLUMNS = '(event_id, type, aggregate_id, payload, occurred_at)';

/**
 * Records an event in the service's `outbox_events` table inside the caller's transaction, so
 * the change and its event commit or roll back together.
 */
export async function appendToOutbox<C extends EventContract>(
  tx: SqlExecutor,
  contract: C,
  aggregateId: string | number,
  data: EventDataOf<C>,
  occurredAt: Date = new Date(),
): Promise<EventEnvelope<EventDataOf<C>>> {
  const envelope = outboxEnvelope(contract, aggregateId, data, occurredAt);
  await tx.$executeRawUnsafe(
    `INSERT INTO outbox_events ${OUTBOX_COLUMNS} VALUES ($1::uuid, $2, $3, $4::jsonb, $5)`,
    envelope.eventId,
    envelope.type,
    envelope.aggregateId,
    JSON.stringify(envelope),
    occurredAt,
  );
  return envelope;
}

/** Writes events into the outbox of the transaction it was handed with. */
export interface EventWriter {
  append<C extends EventContract>(contract: C, aggregateId: string | number, data: EventDataOf<C>, occurredAt?: Date): Promise<EventEnvelope<EventDataOf<C>>>;
}

export interface WithOutboxOptions {
  /** Called once after a commit that wrote events (the relay's nudge). */
  onCommitted?: () => void;
  /** Prisma's interactive transaction limits. */
  transaction?: { maxWait?: number; timeout?: number };
}

/**
 * Runs a change and the events it writes in one transaction; after a commit that wrote events,
 * tells the relay (`onCommitted`), so no caller has to remember to.
 */
export async function withOutbox<Tx, R>(
  db: TransactionalDb,
  fn: (tx: Tx, events: EventWriter) => Promise<R>,
  options: WithOutboxOptions = {},
): Promise<R> {
  let written = 0;
  const result = await db.$transaction(async (tx: Tx) => {
    const events: EventWriter = {
      append: (contract, aggregateId, data, occurredAt) => {
        written++;
        return appendToOutbox(tx as SqlExecutor, contract, aggregateId, data, occurredAt);
      },
    };
    return fn(tx, events);
  }, options.transaction);
  if (written > 0) options.onCommitted?.();
  return result;
}

/** An outbox row as the relay hands it over: the envelope's JSON as stored, not parsed again. */
export interface OutboxEvent {
  eventId: string;
  type: string;
  aggregateId: string;
  payload: string;
}

export type PublishFn = (event: OutboxEvent) => Promise<void>;

/**
 * The relay's claim of the next batch. The payload as text: the relay only passes it on, so it is
 * neither parsed nor written again.
 *
 * Ordered as the (published_at, seq) index is (published_at is null in every row it reads), and
 * run in RELAY_BEGIN_SQL's transaction, so that Postgres walks that index from its unpublished end. Left to
 * itself it read every entry for a null published_at into a bitmap and sorted them, and those
 * include the entry of every row published since the last vacuum (marking a row writes a new
 * version; the old one's entry stays until vacuum, and autovacuum visits a database at most once
 * a minute): 40,000 entries after 20 s of bookings, the relay's connection then the busiest
 * process of the machine. An index scan marks the entries of dead rows as it passes them (once
 * no open transaction can still see those rows), and the next one steps over them without
 * reading the table. The planner cannot know this from its
 * statistics (it counts live rows), hence the settings.
 */
export const RELAY_CLAIM_SQL = `SELECT event_id::text, type, aggregate_id, payload::text FROM outbox_events
  WHERE published_at IS NULL ORDER BY published_at, seq LIMIT $1 FOR UPDATE SKIP LOCKED`;

/** The relay's transaction, with the planner settings RELAY_CLAIM_SQL is meant for (one round trip). */
export const RELAY_BEGIN_SQL = 'BEGIN; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off; SET LOCAL enable_seqscan = off';

/** The relay's bounds (its Prisma transaction had the same): a connection, then each statement. */
const CONNECT_WAIT_MS = 10_000;
const STATEMENT_WAIT_MS = 60_000;

/** A statement on `client` that gives up after STATEMENT_WAIT_MS (a connection that stopped answering). */
const boundedQuery =
  (client: pg.PoolClient) =>
  <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    client.query<R>({ text, values, query_timeout: STATEMENT_WAIT_MS } as pg.QueryConfig);

export interface OutboxRelayOptions {
  /** The service's own pool (the one its Prisma client runs on). */
  pool: pg.Pool;
  publish: PublishFn;
  intervalMs?: number;
  batchSize?: number;
  /** Published rows older than this are deleted; JetStream keeps the history. */
  retentionMs?: number;
  log?: (message: string) => void;
}

/**
 * Publishes committed outbox rows to JetStream. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * several replicas can relay at once without publishing the same row concurrently; a crash after
 * publishing but before marking republishes, which JetStream de-duplicates by Nats-Msg-Id.
 *
 * A batch's publishes leave together instead of one after another's acknowledgement, except
 * that an event waits for the acknowledgement of the one before it of the same aggregate (one
 * booking's events, say). They go out over the one NATS connection in the outbox's order and
 * JetStream stores them in that order, so the batch costs about one round trip instead of one
 * per event. If any of them fails, the later events of its aggregate are not sent, the whole
 * batch stays unmarked and is published again on the next pass (the ones that were stored are
 * de-duplicated): within a batch, an aggregate's events are never stored out of order, but another
 * aggregate's may be stored before the one that failed. Across replicas there is no such order:
 * another relay skips this one's locked rows and may publish a later event of the same aggregate
 * first, so consumers order an aggregate's events by its version, never by arrival.
 *
 * On the service's pg pool rather than a Prisma interactive transaction: the relay runs beside
 * every write, and Prisma's transaction machinery cost more than the four statements themselves
 * (docs/performance.md).
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private lastPurge = 0;

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Ask for a relay pass soon (after a local write); cheap to call often. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One pass: publish everything pending, in batches. Returns how many rows were published. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.publishBatch();
      total += count;
      if (count < (this.options.batchSize ?? 100)) return total;
    }
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const next = this.again ? 0 : (this.options.intervalMs ?? 500);
        this.again = false;
        this.schedule(next);
      });
    }, delay);
  }

  private async pass(): Promise<void> {
    try {
      await this.flush();
      await this.purge();
    } catch (error) {
      this.options.log?.(`outbox relay pass failed, will retry: ${(error as Error).message}`);
    }
  }

  private async publishBatch(): Promise<number> {
    const { pool, batchSize = 100 } = this.options;
    const client = await connectWithin(pool, CONNECT_WAIT_MS);
    // Each statement is bounded, so a connection that stops answering fails the pass (and is
    // dropped) instead of holding the relay, and the service's shutdown, for ever.
    const query = boundedQuery(client);
    let broken: Error | undefined;
    try {
      await query(RELAY_BEGIN_SQL);
      const { rows } = await query<{ event_id: string; type: string; aggregate_id: string; payload: string }>(RELAY_CLAIM_SQL, [batchSize]);
      const events = rows.map((row) => ({ eventId: row.event_id, type: row.type, aggregateId: row.aggregate_id, payload: row.payload }));
      const outcomes = await Promise.allSettled(this.publishInOrder(events));
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
      if (rows.length > 0) {
        await query(`UPDATE outbox_events SET published_at = now() WHERE event_id = ANY($1::uuid[])`, [rows.map((r) => r.event_id)]);
      }
      await query('COMMIT');
      return rows.length;
    } catch (error) {
      // A connection that cannot roll back is not given back to the pool.
      await query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** Starts every publish at once, each after the previous event of its aggregate was acknowledged. */
  private publishInOrder(events: OutboxEvent[]): Promise<void>[] {
    const last = new Map<string, Promise<void>>();
    return events.map((event) => {
      const before = last.get(event.aggregateId);
      const sent = before ? before.then(() => this.options.publish(event)) : this.options.publish(event);
      last.set(event.aggregateId, sent);
      return sent;
    });
  }

  private async purge(): Promise<void> {
    const retention = this.options.retentionMs ?? 7 * 24 * 3600_000;
    if (Date.now() - this.lastPurge < 3600_000) return;
    this.lastPurge = Date.now();
    const client = await connectWithin(this.options.pool, CONNECT_WAIT_MS);
    try {
      await boundedQuery(client)(`DELETE FROM outbox_events WHERE published_at < now() - ($1::bigint * interval '1 millisecond')`, [retention]);
    } finally {
      client.release();
    }
  }
}
