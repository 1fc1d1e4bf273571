import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { fleetEvents, type EventEnvelope, type Vehicle } from '@limo/contracts';
import { createPrismaAdapter, PLATFORM_MIGRATIONS, readAuditCursors, recordAuditRound, runMigrations, type TransactionalDb } from '@limo/database';
import {
  auditConsumer,
  consumerLags,
  deadLetterCount,
  DurableEventConsumer,
  ensureEventStream,
  EventPublisher,
  eventStreamName,
  eventSubject,
  listDeadLetters,
  redriveDeadLetters,
  type AuditedConsumer,
  type ConsumerObserver,
  type EventEffect,
} from '@limo/messaging';
import { PrismaClient } from '../../../services/fleet/src/generated/prisma/client.js';
import { createTestEnv, TEST_SERVERS, type TestEnv } from '../../../tests/support/test-env.js';
import { eventually } from '../../../tests/support/stack.js';

/**
 * The durable consumer's guarantees against a real NATS and Postgres: no delivery cap for
 * failures that pass, dead letters for messages that can never apply, batches that stay exact.
 */

const vehicle = (id: number): Vehicle => ({
  id,
  name: `Car ${id}`,
  category: 'sedan',
  description: 'S-Class',
  capacity: 3,
  baseRate: '95.00',
  imageUrl: '',
  features: [],
  isActive: true,
});

const created = fleetEvents.vehicleCreated.type;
const envelopeOf = (id: number): EventEnvelope => ({
  eventId: randomUUID(),
  type: fleetEvents.vehicleCreated.type,
  occurredAt: new Date().toISOString(),
  aggregateId: String(id),
  data: vehicle(id),
});

describe('durable event consumer', () => {
  let env: TestEnv;
  let db: PrismaClient;
  let nc: NatsConnection;
  let publisher: EventPublisher;
  let pool: pg.Pool;
  const consumers: DurableEventConsumer[] = [];

  beforeAll(async () => {
    env = await createTestEnv();
    // Any schema with the platform tables will do: the fleet service's.
    await runMigrations({ connectionString: env.databaseUrl, schema: 'fleet', migrationsDir: 'services/fleet/prisma/migrations', sharedMigrationsDirs: [PLATFORM_MIGRATIONS] });
    db = new PrismaClient({ adapter: createPrismaAdapter(env.databaseUrl, 'fleet', 6) });
    pool = new pg.Pool({ connectionString: env.databaseUrl, max: 2 });
    await pool.query(`CREATE TABLE fleet.effects (durable text NOT NULL, event_id uuid NOT NULL, PRIMARY KEY (durable, event_id))`);
    nc = await connect({ servers: TEST_SERVERS.nats });
    await ensureEventStream(nc, env.id);
    publisher = new EventPublisher(nc, env.id);
  }, 60_000);
  // Every durable reads the whole stream: each test's consumers stop before the next test publishes.
  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((c) => c.stop()));
  });
  afterAll(async () => {
    await nc?.close();
    await pool?.end();
    await db?.$disconnect();
    await env?.cleanup();
  });

  const effectsOf = async (durable: string, ids: string[]) =>
    (await pool.query(`SELECT count(*)::int AS n FROM fleet.effects WHERE durable = $1 AND event_id = ANY($2::uuid[])`, [durable, ids])).rows[0].n as number;

  function start(durable: string, effect: EventEffect, options: { retryCeilingMs?: number; filter?: string; types?: string[]; auditEveryMs?: number; auditLookbackMs?: number; observer?: ConsumerObserver } = {}) {
    const consumer = new DurableEventConsumer({
      nc,
      prefix: env.id,
      db: db as unknown as TransactionalDb,
      durable,
      filter: options.filter ?? 'fleet.>',
      handlers: Object.fromEntries((options.types ?? [created]).map((type) => [type, effect])),
      ackWaitMs: 2000,
      retryCeilingMs: options.retryCeilingMs ?? 100,
      auditEveryMs: options.auditEveryMs,
      auditLookbackMs: options.auditLookbackMs,
      observer: options.observer,
    });
    consumers.push(consumer);
    return consumer.start().then(() => consumer);
  }

  /** Records an event's effect in the consumer's transaction, with the batch it came in. */
  const recording = (durable: string, batches: number[]): EventEffect => async (envelope, tx, batch) => {
    batch.collect('count', envelope.eventId, async (ids) => {
      batches.push(ids.length);
    });
    await (tx as TransactionalDb).$executeRawUnsafe(`INSERT INTO fleet.effects (durable, event_id) VALUES ($1, $2::uuid)`, durable, envelope.eventId);
  };

  it('keeps retrying an event that fails far more often than the old delivery cap, then applies it once', async () => {
    let attempts = 0;
    const batches: number[] = [];
    const record = recording('retry-forever', batches);
    await start('retry-forever', async (envelope, tx, batch) => {
      attempts++;
      if (attempts <= 30) throw new Error('the projection table is unavailable');
      await record(envelope, tx, batch);
    });
    const event = envelopeOf(1);
    await publisher.publish(event);
    await eventually(async () => (await effectsOf('retry-forever', [event.eventId])) === 1, 30_000, 'the event to apply after 30 failures');
    expect(attempts).toBe(31);
    expect(await deadLetterCount(nc, env.id)).toBe(0);
  });

  it('applies a burst in batches: fewer transactions than events, each event exactly once', async () => {
    const batches: number[] = [];
    const events = Array.from({ length: 300 }, (_, i) => envelopeOf(100 + i));
    for (const e of events) await publisher.publish(e);
    await start('bursty', recording('bursty', batches));
    await eventually(async () => (await effectsOf('bursty', events.map((e) => e.eventId))) === 300, 30_000, 'every event of the burst');
    // The durable also read the earlier tests' events.
    expect(batches.reduce((a, b) => a + b, 0)).toBe(301);
    expect(batches.length).toBeLessThan(300);
    expect(Math.max(...batches)).toBeGreaterThan(1);
  });

  it('lets one failing event hold up only itself: the rest of its batch applies', async () => {
    const batches: number[] = [];
    const record = recording('one-bad-apple', batches);
    const events = Array.from({ length: 20 }, (_, i) => envelopeOf(500 + i));
    const bad = events[7].eventId;
    let badAttempts = 0;
    for (const e of events) await publisher.publish(e);
    await start('one-bad-apple', async (envelope, tx, batch) => {
      if (envelope.eventId === bad && ++badAttempts < 4) throw new Error('transient');
      await record(envelope, tx, batch);
    });
    await eventually(async () => (await effectsOf('one-bad-apple', events.map((e) => e.eventId))) === 20, 20_000, 'all twenty');
    expect(badAttempts).toBeGreaterThanOrEqual(4);
  });

  it('files a message that can never apply in the dead-letter stream with its reason, and redrive puts it back', async () => {
    await start('picky', recording('picky', []));
    const js = jetstream(nc);
    const subject = eventSubject(env.id, fleetEvents.vehicleCreated.type);
    await js.publish(subject, 'not json at all', { msgID: randomUUID() });
    const wrong = { ...envelopeOf(900), data: { id: 'nine hundred' } };
    await js.publish(subject, JSON.stringify(wrong), { msgID: wrong.eventId });
    const good = envelopeOf(901);
    await publisher.publish(good);
    await eventually(async () => (await effectsOf('picky', [good.eventId])) === 1, 10_000, 'the good event after the bad ones');
    const letters = await eventually(async () => {
      const found = (await listDeadLetters(nc, env.id)).filter((l) => l.consumer === 'picky');
      return found.length === 2 ? found : undefined;
    }, 10_000, 'two dead letters');
    // Terminated for good: not delivered again and again.
    await new Promise((r) => setTimeout(r, 2500));
    expect((await listDeadLetters(nc, env.id)).filter((l) => l.consumer === 'picky')).toHaveLength(2);
    expect(letters.map((l) => l.reason)).toEqual(['body is not JSON', expect.stringMatching(/^invalid fleet\.vehicle\.created\.v1 data: id/)]);
    expect(letters[0]).toMatchObject({ subject, body: 'not json at all' });

    const before = await deadLetterCount(nc, env.id);
    expect(await redriveDeadLetters(nc, env.id)).toEqual({ moved: before, refused: [] });
    // Still unreadable, so each comes back as a new dead letter: nothing is lost either way.
    await eventually(async () => (await listDeadLetters(nc, env.id)).filter((l) => l.consumer === 'picky').length === 2, 10_000, 'the redriven letters');
    expect((await listDeadLetters(nc, env.id)).every((l) => !letters.some((old) => old.seq === l.seq))).toBe(true);
  });

  it('reports how far behind a consumer is: events waiting and the age of the oldest', async () => {
    // Caught up with the stream so far, then stopped while five more events arrive.
    const consumer = await start('laggard', recording('laggard', []));
    await eventually(async () => (await consumerLags(nc, env.id, ['laggard']))[0].pending === 0, 20_000, 'the first catch-up');
    await consumer.stop();
    const events = Array.from({ length: 5 }, (_, i) => envelopeOf(950 + i));
    for (const e of events) await publisher.publish(e);
    await new Promise((r) => setTimeout(r, 1200));
    const [lag] = await consumerLags(nc, env.id, ['laggard']);
    expect(lag.pending).toBe(5);
    expect(lag.oldestSeconds).toBeGreaterThan(1);
    expect(lag.oldestSeconds).toBeLessThan(30);
    // A service's user reads the oldest through an ordered consumer of the durable's own filter: the same event.
    const [probed] = await consumerLags(nc, env.id, ['laggard'], { oldestBy: 'consumer' });
    expect(probed.pending).toBe(5);
    expect(Math.abs(probed.oldestSeconds - lag.oldestSeconds)).toBeLessThan(1);
    await start('laggard', recording('laggard', []));
    await eventually(async () => (await consumerLags(nc, env.id, ['laggard']))[0].pending === 0, 10_000, 'the consumer to catch up');
    expect((await consumerLags(nc, env.id, ['laggard']))[0].oldestSeconds).toBe(0);
  });

  it('acknowledges unread the events of a type it has no handler for, refuses a body whose type is not its subject\'s, and narrows a wide filter', async () => {
    const consumer = await start('narrow', recording('narrow', []));
    const js = jetstream(nc);
    // No handler for vehicle.updated here: even a body that is not JSON is acknowledged, unread.
    await js.publish(eventSubject(env.id, fleetEvents.vehicleUpdated.type), 'not json at all', { msgID: randomUUID() });
    const mislabelled = { ...envelopeOf(960), type: fleetEvents.vehicleUpdated.type };
    await js.publish(eventSubject(env.id, fleetEvents.vehicleCreated.type), JSON.stringify(mislabelled), { msgID: mislabelled.eventId });
    const good = envelopeOf(961);
    await publisher.publish(good);
    await eventually(async () => (await effectsOf('narrow', [good.eventId])) === 1, 10_000, 'the good event');
    await eventually(async () => (await consumerLags(nc, env.id, ['narrow']))[0].pending === 0, 10_000, 'every message acknowledged');
    const letters = (await listDeadLetters(nc, env.id)).filter((l) => l.consumer === 'narrow');
    expect(letters.some((l) => l.subject === eventSubject(env.id, fleetEvents.vehicleUpdated.type))).toBe(false);
    expect(letters.filter((l) => l.reason.startsWith(`type ${fleetEvents.vehicleUpdated.type} published on`))).toHaveLength(1);

    // Started again reading one type only: the durable's filter becomes that type's subject.
    await consumer.stop();
    await start('narrow', recording('narrow', []), { filter: fleetEvents.vehicleCreated.type });
    const info = await (await jetstreamManager(nc)).consumers.info(eventStreamName(env.id), 'narrow');
    expect(info.config.filter_subject).toBe(eventSubject(env.id, fleetEvents.vehicleCreated.type));
    // Its audit, on every replica, goes on from the floor under the new filter.
    expect(await readAuditCursors(db, 'narrow')).toEqual([{ type: created, seq: info.ack_floor.stream_seq + 1, retry: [] }]);
  });

  it('applies, once, an event the stream marked acknowledged without its effect, and nothing else, past failures (the audit)', async () => {
    const durable = 'audited';
    const calls = new Map<string, number>();
    let failuresLeft = 0;
    const counting: EventEffect = async (envelope, tx, batch) => {
      calls.set(envelope.eventId, (calls.get(envelope.eventId) ?? 0) + 1);
      if (failuresLeft > 0 && failuresLeft--) throw new Error('the projection table is unavailable');
      await recording(durable, [])(envelope, tx, batch);
    };
    const outcomes: string[] = [];
    const observer: ConsumerObserver = { applied: (_d, _t, outcome) => outcomes.push(outcome), failed: () => undefined, rejected: () => undefined };
    // Caught up, an unreadable message dead-lettered on the way; then stopped.
    const js = jetstream(nc);
    await js.publish(eventSubject(env.id, fleetEvents.vehicleCreated.type), 'not json at all', { msgID: randomUUID() });
    const applied = envelopeOf(1200);
    await publisher.publish(applied);
    const first = await start(durable, counting, { auditEveryMs: 0 });
    await eventually(async () => (await consumerLags(nc, env.id, [durable]))[0].pending === 0, 20_000, 'the first catch-up');
    // This one and the earlier tests' (the durable reads the whole stream).
    const letters = (await listDeadLetters(nc, env.id)).filter((l) => l.consumer === durable).length;
    expect(letters).toBeGreaterThanOrEqual(1);
    await first.stop();

    // The loss: the event's delivery acknowledged while its effect never ran (what NATS 2.9's
    // consumer state did once across leader changes, docs/operations.md "A delivery lost").
    const lost = envelopeOf(1201);
    await publisher.publish(lost);
    const stolen = await (await js.consumers.get(eventStreamName(env.id), durable)).next({ expires: 5000 });
    expect(stolen?.json<EventEnvelope>().eventId).toBe(lost.eventId);
    await stolen!.ackAck();
    expect((await consumerLags(nc, env.id, [durable]))[0].pending).toBe(0);

    // A replica starts: its audit finds the event; its effect fails twice (each round tries it
    // again), then applies, once, over several more rounds.
    failuresLeft = 2;
    await start(durable, counting, { auditEveryMs: 200, observer });
    await eventually(async () => (await effectsOf(durable, [lost.eventId])) === 1, 10_000, 'the lost event applied by the audit');
    await new Promise((r) => setTimeout(r, 1000));
    expect(calls.get(lost.eventId)).toBe(3);
    // Only the lost event went through the audit: not the applied one, nor the unreadable message.
    expect(outcomes).toEqual(['recovered']);
    expect(calls.get(applied.eventId)).toBe(1);
    expect(await effectsOf(durable, [applied.eventId])).toBe(1);
    expect((await listDeadLetters(nc, env.id)).filter((l) => l.consumer === durable)).toHaveLength(letters);
  });

  const floorOf = async (durable: string) => (await (await jetstreamManager(nc)).consumers.info(eventStreamName(env.id), durable)).ack_floor.stream_seq;
  const caughtUp = (durable: string, what: string) => eventually(async () => (await consumerLags(nc, env.id, [durable]))[0].pending === 0, 20_000, what);
  /** The stored audit cursor of the durable's vehicle.created events. */
  const cursorOf = async (durable: string) => (await readAuditCursors(db, durable)).find((c) => c.type === created);

  /** A replica's audit driven by hand, applying the types given (by recording them in `applied`). */
  const replica = (durable: string, types: string[], applied: string[] = []): AuditedConsumer => ({
    nc,
    prefix: env.id,
    db,
    durable,
    types,
    // What the consumer would dead-letter is left alone (these tests' unreadable messages).
    eventOf: (msg) => {
      const envelope = (() => {
        try {
          return msg.json<EventEnvelope>();
        } catch {
          return undefined;
        }
      })();
      return envelope && msg.subject === eventSubject(env.id, envelope.type) ? envelope : undefined;
    },
    reapply: async (envelope) => {
      applied.push(envelope.eventId);
      return 'applied';
    },
    stopping: () => false,
  });

  /** Makes a loss: the durable's next delivery acknowledged by another client, its effect never run. */
  async function loseNext(durable: string, event: EventEnvelope) {
    await publisher.publish(event);
    const stolen = await (await jetstream(nc).consumers.get(eventStreamName(env.id), durable)).next({ expires: 5000 });
    expect(stolen?.json<EventEnvelope>().eventId).toBe(event.eventId);
    await stolen!.ackAck();
    expect((await consumerLags(nc, env.id, [durable]))[0].pending).toBe(0);
  }

  it('finds, once the service starts again, a loss older than the lookback: its replicas stored how far their audits got', async () => {
    const durable = 'remembered';
    const first = await start(durable, recording(durable, []), { auditEveryMs: 100 });
    await caughtUp(durable, 'the first catch-up');
    const floor = await floorOf(durable);
    await eventually(async () => (await cursorOf(durable))?.seq === floor + 1, 10_000, 'the audit cursor stored at the floor');
    await first.stop();

    const lost = envelopeOf(1300);
    await loseNext(durable, lost);
    // No lookback at all (as if the service had been down longer than AUDIT_LOOKBACK_MS): only the
    // stored cursor can lead the audit to the loss.
    await start(durable, recording(durable, []), { auditEveryMs: 100, auditLookbackMs: 0 });
    await eventually(async () => (await effectsOf(durable, [lost.eventId])) === 1, 10_000, 'the lost event applied by the audit');
  });

  it('shares an audit\'s progress between replicas: a range one replica checked is not read again, and the cursor never moves back', async () => {
    const durable = 'shared-audit';
    await start(durable, recording(durable, []), { auditEveryMs: 0 });
    await caughtUp(durable, 'the first catch-up');
    // Nothing is missing here, so nothing is reapplied.
    const [one, two] = [replica(durable, [created]), replica(durable, [created])];
    // The service's first round looks back AUDIT_LOOKBACK_MS: the earlier tests' events.
    expect((await auditConsumer(one)).read).toBeGreaterThan(5);
    expect((await auditConsumer(two)).read).toBe(0);

    const events = Array.from({ length: 3 }, (_, i) => envelopeOf(1400 + i));
    for (const e of events) await publisher.publish(e);
    await caughtUp(durable, 'the three events applied');
    expect(await auditConsumer(two)).toEqual({ recovered: [], retry: [], read: 3 });
    expect((await auditConsumer(one)).read).toBe(0);
    const stored = (await cursorOf(durable))!;
    expect(stored.seq).toBe((await floorOf(durable)) + 1);

    // A slower replica's round, begun before those, ends after them: the cursor stays.
    await recordAuditRound(db, durable, { types: [created], seq: stored.seq - 3, failed: [{ type: created, seq: stored.seq - 2 }], settled: [] });
    expect(await cursorOf(durable)).toEqual({ ...stored, retry: [stored.seq - 2] });
    await recordAuditRound(db, durable, { types: [created], seq: stored.seq - 1, failed: [], settled: [stored.seq - 2] });
    expect(await cursorOf(durable)).toEqual(stored);
  });

  it('applies, during a rolling deploy that adds a handler, the events of its type that the earlier replicas acknowledged unread, however far their audits got', async () => {
    const durable = 'rolling';
    const updated = fleetEvents.vehicleUpdated.type;
    // The earlier deploy: a replica applying vehicle.created only, whose audit stored its cursor.
    const earlier = await start(durable, recording(durable, []), { auditEveryMs: 0 });
    await caughtUp(durable, 'the first catch-up');
    const before = replica(durable, [created]);
    await auditConsumer(before);
    // A replica of the new deploy starts (and stops again: the earlier one takes the next event).
    await (await start(durable, recording(durable, []), { types: [created, updated], auditEveryMs: 0 })).stop();
    const change = { ...envelopeOf(1500), type: updated };
    await jetstream(nc).publish(eventSubject(env.id, updated), JSON.stringify(change), { msgID: change.eventId });
    await caughtUp(durable, 'the event acknowledged unread by the earlier replica');
    await earlier.stop();

    // The earlier replica's audit passes it (not its type); the new one's applies it.
    expect((await auditConsumer(before)).recovered).toEqual([]);
    const applied: string[] = [];
    expect((await auditConsumer(replica(durable, [created, updated], applied))).read).toBe(1);
    expect(applied).toEqual([change.eventId]);
  });
  it('keeps, across a deploy that adds a handler, the audit of the types both deploys apply where it was: a loss between the last round and the deploy is found', async () => {
    const durable = 'redeployed';
    const updated = fleetEvents.vehicleUpdated.type;
    const earlier = await start(durable, recording(durable, []), { auditEveryMs: 0 });
    await caughtUp(durable, 'the first catch-up');
    await auditConsumer(replica(durable, [created]));
    await earlier.stop();
    // Lost after the earlier deploy's last round, before the new deploy starts.
    const lost = envelopeOf(1600);
    await loseNext(durable, lost);
    // The new deploy applies one more type; no lookback (as if the loss were older than AUDIT_LOOKBACK_MS).
    await start(durable, recording(durable, []), { types: [created, updated], auditEveryMs: 100, auditLookbackMs: 0 });
    await eventually(async () => (await effectsOf(durable, [lost.eventId])) === 1, 10_000, 'the lost event applied by the new deploy\'s audit');
    // The new type's audit opened at the floor the new replica started at, the old type's stayed behind it until that round.
    expect((await readAuditCursors(db, durable)).map((c) => c.type).sort()).toEqual([created, updated].sort());
  });
  it('starts again from the lookback where a stored cursor is past the durable\'s floor (the stream or the durable made again, or a floor gone back), keeping its retry list', async () => {
    const durable = 'made-again';
    await start(durable, recording(durable, []), { auditEveryMs: 0 });
    await publisher.publish(envelopeOf(1700));
    await caughtUp(durable, 'the first catch-up');
    const floor = await floorOf(durable);
    // As a stream made again would leave it: sequences of the old stream, far past this one's.
    await recordAuditRound(db, durable, { types: [created], seq: floor + 1000, failed: [{ type: created, seq: floor + 900 }], settled: [] });
    const round = await auditConsumer(replica(durable, [created]));
    expect(round.read).toBeGreaterThan(0);
    // The entry above the floor is kept, not tried (still the durable's to deliver).
    expect(await cursorOf(durable)).toEqual({ type: created, seq: floor + 1, retry: [floor + 900] });
  });
});
