import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { fleetEvents, reportingRpc, type EventEnvelope, type Vehicle } from '@limo/contracts';
import { appendToOutbox, createPrismaAdapter, createSqlPool, OutboxRelay, PLATFORM_MIGRATIONS, RELAY_BEGIN_SQL, RELAY_CLAIM_SQL, runMigrations } from '@limo/database';
import {
  DurableEventConsumer,
  ensureEventStream,
  EventPublisher,
  eventStreamName,
  eventSubject,
  RpcClient,
  type EventEffect,
} from '@limo/messaging';
import { createTestEnv, TEST_SERVERS, type TestEnv } from '../../../tests/support/test-env.js';
import { eventually, startTestStack } from '../../../tests/support/stack.js';
import { applyVehicle } from '../src/fleet/fleet-projection.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { REPORTING_MIGRATIONS } from '../src/reporting.module.js';
import type { ReportingTx } from '../src/reporting.tx.js';

type ReportingDb = PrismaClient;

/** The reporting service's schema on a fresh database, as the service itself would migrate it. */
async function migratedReportingDb(env: TestEnv): Promise<ReportingDb> {
  await runMigrations({ connectionString: env.databaseUrl, schema: 'reporting', migrationsDir: REPORTING_MIGRATIONS, sharedMigrationsDirs: [PLATFORM_MIGRATIONS] });
  return new PrismaClient({ adapter: createPrismaAdapter(env.databaseUrl, 'reporting', 4) });
}

/** What the reporting service's fleet handlers do with each fleet event. */
const fleetProjection: Record<string, EventEffect> = Object.fromEntries(
  [fleetEvents.vehicleCreated.type, fleetEvents.vehicleUpdated.type].map((type) => [
    type,
    (envelope: EventEnvelope, tx: unknown) => applyVehicle(tx as ReportingTx, envelope.data as Vehicle, envelope.occurredAt),
  ]),
);

const count = async (db: ReportingDb, sql: string, ...values: unknown[]) =>
  Number((await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${sql}`, ...values))[0].n);

const vehicle = (id: number, isActive = true): Vehicle => ({
  id,
  name: `Car ${id}`,
  category: 'suv',
  description: 'Escalade',
  capacity: 7,
  baseRate: '125.00',
  imageUrl: '/images/fleet/suv.svg',
  features: ['Wi-Fi'],
  isActive,
});

const envelopeFor = (v: Vehicle, type = fleetEvents.vehicleCreated.type): EventEnvelope => ({
  eventId: randomUUID(),
  type,
  occurredAt: new Date().toISOString(),
  aggregateId: String(v.id),
  data: v,
});

describe('fleet events reach reporting end to end', () => {
  it('keeps the fleet-size figure from the vehicles the fleet service seeds', async () => {
    const stack = await startTestStack({ services: ['fleet', 'reporting'] });
    try {
      const nc = await connect({ servers: TEST_SERVERS.nats });
      const rpc = new RpcClient(nc, { prefix: stack.env.id });
      const summary = await eventually(async () => {
        const s = await rpc.request(reportingRpc.fleetSummary, {});
        return s.totalVehicles === 4 ? s : undefined;
      }, 10_000, 'reporting to count the seeded fleet');
      expect(summary).toEqual({ totalVehicles: 4, activeVehicles: 4 });
      await nc.close();
    } finally {
      await stack.stop();
    }
  });
});

describe('durable consumer: exactly one effect per event', () => {
  let env: TestEnv;
  let db: ReportingDb;
  let nc: NatsConnection;
  let publisher: EventPublisher;
  const logs: string[] = [];

  beforeAll(async () => {
    env = await createTestEnv();
    db = await migratedReportingDb(env);
    nc = await connect({ servers: TEST_SERVERS.nats });
    await ensureEventStream(nc, env.id);
    publisher = new EventPublisher(nc, env.id);
  });
  afterAll(async () => {
    await nc?.close();
    await db?.$disconnect();
    await env?.cleanup();
  });

  /** Effects that actually ran, per event id (durables also replay earlier tests' events). */
  type Counter = { effects: number; byEvent: Map<string, number> };
  const newCounter = (): Counter => ({ effects: 0, byEvent: new Map() });
  const effectsOf = (counter: Counter, eventId: string) => counter.byEvent.get(eventId) ?? 0;

  /** The real projection handlers, counting how often an effect actually ran. */
  function countingHandlers(counter: Counter): Record<string, EventEffect> {
    return Object.fromEntries(
      Object.entries(fleetProjection).map(([type, handler]) => [
        type,
        async (envelope: EventEnvelope, tx: unknown) => {
          await handler(envelope, tx);
          counter.effects++;
          counter.byEvent.set(envelope.eventId, effectsOf(counter, envelope.eventId) + 1);
        },
      ]),
    );
  }

  function consumer(connection: NatsConnection, durable: string, counter: Counter, afterCommit?: (e: EventEnvelope) => Promise<void>) {
    return new DurableEventConsumer({
      nc: connection,
      prefix: env.id,
      db,
      durable,
      filter: 'fleet.>',
      handlers: countingHandlers(counter),
      ackWaitMs: 1000,
      log: (m) => logs.push(m),
      afterCommit,
    });
  }

  it('has no second effect when the consumer dies between its commit and its ack', async () => {
    const counter = newCounter();
    const durable = 'reporting-crash-test';
    const doomed = await connect({ servers: TEST_SERVERS.nats });
    let crashed = false;
    const first = consumer(doomed, durable, counter, async () => {
      // The effect is committed; the process "dies" before the ack leaves.
      crashed = true;
      await doomed.close();
      throw new Error('killed after commit');
    });
    await first.start();
    const event = envelopeFor(vehicle(101));
    await publisher.publish(event);
    await eventually(async () => crashed, 5000, 'the first consumer to commit and die');
    expect(effectsOf(counter, event.eventId)).toBe(1);

    const redelivered: string[] = [];
    const survivor = await connect({ servers: TEST_SERVERS.nats });
    const second = consumer(survivor, durable, counter, async (e) => {
      redelivered.push(e.eventId);
    });
    await second.start();
    await eventually(async () => redelivered.includes(event.eventId), 8000, 'JetStream to redeliver the unacked event');
    expect(effectsOf(counter, event.eventId)).toBe(1);
    expect(await db.fleetVehicle.count({ where: { vehicleId: 101 } })).toBe(1);
    expect(await count(db, `processed_events WHERE consumer = $1 AND event_id = $2::uuid`, durable, event.eventId)).toBe(1);

    // Acked this time: nothing pending on the durable.
    const info = await (await jetstreamManager(survivor)).consumers.info(eventStreamName(env.id), durable);
    await eventually(async () => {
      const now = await (await jetstreamManager(survivor)).consumers.info(eventStreamName(env.id), durable);
      return now.num_ack_pending === 0 && now.num_pending === 0;
    }, 5000, 'the redelivered event to be acked');
    expect(info.config.durable_name).toBe(durable);
    await second.stop();
    await survivor.close();
  });

  it('applies a republished event (same event id) once, and JetStream stores it once', async () => {
    const counter = newCounter();
    const c = consumer(nc, 'reporting-dup-test', counter);
    await c.start();
    const event = envelopeFor(vehicle(202));
    await publisher.publish(event);
    await publisher.publish(event); // relay crashed before marking the row: publishes again
    await eventually(async () => effectsOf(counter, event.eventId) === 1, 5000, 'the event to be applied');
    await new Promise((r) => setTimeout(r, 300));
    expect(effectsOf(counter, event.eventId)).toBe(1);
    const jsm = await jetstreamManager(nc);
    const streamInfo = await jsm.streams.info(eventStreamName(env.id), { subjects_filter: eventSubject(env.id, fleetEvents.vehicleCreated.type) });
    const ids = [] as string[];
    for (let seq = 1; seq <= streamInfo.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(eventStreamName(env.id), { seq }).catch(() => null);
      if (m) ids.push((m.json() as EventEnvelope).eventId);
    }
    expect(ids.filter((id) => id === event.eventId)).toHaveLength(1); // the stream holds it once
    await c.stop();
  });

  it('terminates a poisoned message with a logged reason and goes on with the next one', async () => {
    const counter = newCounter();
    const c = consumer(nc, 'reporting-poison-test', counter);
    await c.start();
    const js = jetstream(nc);
    const subject = eventSubject(env.id, fleetEvents.vehicleCreated.type);
    await js.publish(subject, 'this is not json', { msgID: randomUUID() });
    const wrongData = { ...envelopeFor(vehicle(303)), data: { id: 'three hundred' } };
    await js.publish(subject, JSON.stringify(wrongData), { msgID: wrongData.eventId });
    const good = envelopeFor(vehicle(304));
    await publisher.publish(good);
    await eventually(async () => (await db.fleetVehicle.count({ where: { vehicleId: 304 } })) === 1, 5000, 'the good event after the poisoned ones');
    expect(await db.fleetVehicle.count({ where: { vehicleId: 303 } })).toBe(0);
    expect(logs.some((l) => l.includes('reporting-poison-test') && l.includes('body is not JSON'))).toBe(true);
    expect(logs.some((l) => l.includes('reporting-poison-test') && l.includes('invalid fleet.vehicle.created.v1 data'))).toBe(true);
    await c.stop();
  });

  it('ignores an older snapshot of a vehicle arriving after a newer one', async () => {
    const counter = newCounter();
    const c = consumer(nc, 'reporting-order-test', counter);
    await c.start();
    const newer = { ...envelopeFor(vehicle(404, false), fleetEvents.vehicleUpdated.type), occurredAt: '2026-11-21T10:00:00.000Z' };
    const older = { ...envelopeFor(vehicle(404, true)), occurredAt: '2026-11-21T09:00:00.000Z' };
    await publisher.publish(newer);
    await publisher.publish(older);
    await eventually(async () => effectsOf(counter, newer.eventId) + effectsOf(counter, older.eventId) === 2, 5000, 'both events');
    expect(await db.fleetVehicle.findUnique({ where: { vehicleId: 404 } })).toMatchObject({ isActive: false });
    await c.stop();
  });
});

describe('outbox relay', () => {
  let env: TestEnv;
  let db: ReportingDb;
  let nc: NatsConnection;

  beforeAll(async () => {
    env = await createTestEnv();
    db = await migratedReportingDb(env);
    nc = await connect({ servers: TEST_SERVERS.nats });
    await ensureEventStream(nc, env.id);
  });
  afterAll(async () => {
    await nc?.close();
    await db?.$disconnect();
    await env?.cleanup();
  });

  it('publishes only committed events, and republishes after a failed pass without duplicates', async () => {
    await db
      .$transaction(async (tx) => {
        await appendToOutbox(tx, fleetEvents.vehicleCreated, 1, vehicle(1));
        throw new Error('the business write failed');
      })
      .catch(() => {});
    const committed = await db.$transaction((tx) => appendToOutbox(tx, fleetEvents.vehicleCreated, 2, vehicle(2)));

    const publisher = new EventPublisher(nc, env.id);
    const published: string[] = [];
    let failOnce = true;
    const pool = createSqlPool(env.databaseUrl, 'reporting', 2);
    const relay = new OutboxRelay({
      pool,
      publish: async (event) => {
        await publisher.publishStored(event);
        published.push(event.eventId);
        if (failOnce) {
          failOnce = false;
          throw new Error('crashed after publishing, before marking the row');
        }
      },
    });
    await expect(relay.flush()).rejects.toThrow('crashed after publishing');
    expect(await count(db, 'outbox_events WHERE published_at IS NULL')).toBe(1);
    await expect(relay.flush()).resolves.toBe(1);
    expect(published).toEqual([committed.eventId, committed.eventId]);
    expect(await count(db, 'outbox_events WHERE published_at IS NULL')).toBe(0);

    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(eventStreamName(env.id));
    expect(info.state.messages).toBe(1); // de-duplicated by Nats-Msg-Id
    await pool.end();
  });

  it('publishes a batch in the outbox order, one aggregate\'s events in turn, and republishes the whole batch when one of its publishes fails', async () => {
    const pool = createSqlPool(env.databaseUrl, 'reporting', 2);
    const publisher = new EventPublisher(nc, env.id);
    const jsm = await jetstreamManager(nc);
    const stream = eventStreamName(env.id);
    const storedIds = async (after: number) => {
      const last = (await jsm.streams.info(stream)).state.last_seq;
      const ids: string[] = [];
      for (let seq = after + 1; seq <= last; seq++) ids.push((await jsm.streams.getMessage(stream, { seq })).json<EventEnvelope>().eventId);
      return ids;
    };
    const append = (ids: number[]) => Promise.all(ids.map((id) => db.$transaction((tx) => appendToOutbox(tx, fleetEvents.vehicleCreated, id, vehicle(id)))));
    // Appended one after another: the outbox order is the append order.
    const inOrder: EventEnvelope[] = [];
    for (const id of [11, 12, 13, 14, 15]) inOrder.push(...(await append([id])));

    const start = (await jsm.streams.info(stream)).state.last_seq;
    const relay = new OutboxRelay({ pool, publish: (event) => publisher.publishStored(event), batchSize: 100 });
    await expect(relay.flush()).resolves.toBe(5);
    expect(await storedIds(start)).toEqual(inOrder.map((e) => e.eventId));

    const failing: EventEnvelope[] = [];
    for (const id of [21, 22, 23]) failing.push(...(await append([id])));
    const middle = failing[1].eventId;
    const broken = new OutboxRelay({
      pool,
      publish: async (event) => {
        if (event.eventId === middle) throw new Error('no ack from JetStream');
        await publisher.publishStored(event);
      },
    });
    const before = (await jsm.streams.info(stream)).state.last_seq;
    await expect(broken.flush()).rejects.toThrow('no ack from JetStream');
    // None of the batch is marked, the two that went out included.
    expect(await count(db, 'outbox_events WHERE published_at IS NULL')).toBe(3);
    await expect(relay.flush()).resolves.toBe(3);
    expect(await count(db, 'outbox_events WHERE published_at IS NULL')).toBe(0);
    // Each stored once; the one that failed is stored after the others of its batch.
    expect(await storedIds(before)).toEqual([failing[0].eventId, failing[2].eventId, middle]);

    // One aggregate's events wait for each other: the second of vehicle 31 is not sent while the
    // first fails, so they are stored in their order; vehicle 32's goes ahead.
    const [first31] = await append([31]);
    const [second31] = await append([31]);
    const [only32] = await append([32]);
    const sent: string[] = [];
    const stalled = new OutboxRelay({
      pool,
      publish: async (event) => {
        sent.push(event.eventId);
        if (event.eventId === first31.eventId) throw new Error('no ack from JetStream');
        await publisher.publishStored(event);
      },
    });
    const mark = (await jsm.streams.info(stream)).state.last_seq;
    await expect(stalled.flush()).rejects.toThrow('no ack from JetStream');
    expect(sent).toEqual([first31.eventId, only32.eventId]);
    await expect(relay.flush()).resolves.toBe(3);
    expect(await storedIds(mark)).toEqual([only32.eventId, first31.eventId, second31.eventId]);
    await pool.end();
  });

  it('claims the next batch by walking the unpublished end of its index, not every row published since the last vacuum', async () => {
    const pool = createSqlPool(env.databaseUrl, 'reporting', 2);
    try {
      // 3,000 rows published (each mark leaves the old version's index entry until a vacuum), then 5 new ones.
      await pool.query(`ALTER TABLE outbox_events SET (autovacuum_enabled = false)`);
      await pool.query(
        `INSERT INTO outbox_events (event_id, type, aggregate_id, payload, occurred_at)
         SELECT gen_random_uuid(), 'fleet.vehicle.created.v1', g::text, '{}', now() FROM generate_series(1, 3000) g`,
      );
      await pool.query(`UPDATE outbox_events SET published_at = now() WHERE published_at IS NULL`);
      await pool.query(
        `INSERT INTO outbox_events (event_id, type, aggregate_id, payload, occurred_at)
         SELECT gen_random_uuid(), 'fleet.vehicle.created.v1', g::text, '{}', now() FROM generate_series(1, 5) g`,
      );
      const client = await pool.connect();
      try {
        await client.query(RELAY_BEGIN_SQL);
        const explain = async () => {
          const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${RELAY_CLAIM_SQL}`, [100]);
          return JSON.stringify(rows[0]['QUERY PLAN']);
        };
        // An ordered walk of the (published_at, seq) index; no bitmap of every entry, no sort.
        const plan = await explain();
        expect(plan).toContain('"Index Name":"outbox_events_published_at_seq_idx"');
        expect(plan).not.toMatch(/Bitmap|"Node Type":"Sort"/);
        expect(plan).toContain('"Actual Rows":5');
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
    } finally {
      await pool.query(`UPDATE outbox_events SET published_at = now() WHERE published_at IS NULL`);
      await pool.query(`ALTER TABLE outbox_events RESET (autovacuum_enabled)`);
      await pool.end();
    }
  });

  it('refuses to write an event whose data breaks its contract, rolling the transaction back', async () => {
    const before = await count(db, 'outbox_events');
    await expect(
      db.$transaction((tx) => appendToOutbox(tx, fleetEvents.vehicleCreated, 9, { ...vehicle(9), capacity: -1 })),
    ).rejects.toThrow();
    expect(await count(db, 'outbox_events')).toBe(before);
  });
});
