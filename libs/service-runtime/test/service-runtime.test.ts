import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Queue } from 'bullmq';
import { fleetRpc, healthRpc } from '@limo/contracts';
import { eventStreamName, redisOptions, RpcClient } from '@limo/messaging';
import { bootstrapService, NATS_CONNECTION, type RunningService } from '@limo/service-runtime';
import { createTestEnv, TEST_SERVERS, type TestEnv } from '../../../tests/support/test-env.js';
// The services' root modules come from the shared fixtures, the one place that boots them in-process.
import { eventually, SERVICE_MODULES } from '../../../tests/support/stack.js';
import { startPrivateRedis, type PrivateRedis } from '../../../tests/support/private-redis.js';

/** A metric's value from Prometheus text, summed over the label sets that match `labels`. */
function metric(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const set = match[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`))) total += Number(match[3]);
  }
  return total;
}

describe('a service started twice with one module configuration', () => {
  let env: TestEnv;
  let nc: NatsConnection;
  let rpc: RpcClient;
  const replicas: RunningService[] = [];

  beforeAll(async () => {
    // A relay interval far longer than the test: only the nudge after commit can publish in time.
    env = await createTestEnv({ OUTBOX_INTERVAL_MS: '600000' });
    replicas.push(await bootstrapService(SERVICE_MODULES.fleet, { env: env.vars }), await bootstrapService(SERVICE_MODULES.fleet, { env: env.vars }));
    nc = await connect({ servers: TEST_SERVERS.nats });
    rpc = new RpcClient(nc, { prefix: env.id });
  }, 60_000);
  afterAll(async () => {
    await nc?.close();
    await Promise.all(replicas.map((r) => r.stop()));
    await env?.cleanup();
  });

  it('runs as two instances with their own metrics ports, seeding the fleet once', async () => {
    const [a, b] = replicas;
    expect(a.identity.instance).not.toBe(b.identity.instance);
    expect(a.metricsUrl).not.toBe(b.metricsUrl);
    expect((await rpc.request(fleetRpc.listVehicles, {})).map((v) => v.name)).toEqual(['Executive Sedan', 'Luxury SUV', 'Stretch Limousine', 'Party Bus']);
  });

  it('shares the requests between the replicas (one queue group)', async () => {
    const answeredBy = new Set<string>();
    for (let i = 0; i < 40; i++) answeredBy.add((await rpc.request(healthRpc('fleet'), {})).instance);
    expect([...answeredBy].sort()).toEqual(replicas.map((r) => r.identity.instance).sort());
  });

  it('publishes an event right after its transaction commits, without waiting for the relay interval', async () => {
    const created = await rpc.request(fleetRpc.createVehicle, {
      name: 'Sprinter Van',
      category: 'suv',
      description: 'Mercedes Sprinter',
      capacity: 10,
      baseRate: '150.00',
    });
    const jsm = await jetstreamManager(nc);
    await eventually(
      async () => {
        const info = await jsm.streams.info(eventStreamName(env.id), { subjects_filter: `${env.id}.evt.fleet.vehicle.created.v1` });
        return info.state.messages === 5;
      },
      5000,
      `the vehicle.created event of vehicle ${created.id}`,
    );
  });

  it('reports its figures on /metrics and its health on /health/live and /health/ready', async () => {
    const texts = await Promise.all(replicas.map(async (r) => (await fetch(`${r.metricsUrl}/metrics`)).text()));
    const answered = texts.reduce((sum, t) => sum + metric(t, 'rpc_request_duration_seconds_count', { subject: 'fleet.health.check.v1' }), 0);
    expect(answered).toBeGreaterThanOrEqual(40);
    for (const text of texts) {
      expect(metric(text, 'outbox_backlog_events')).toBe(0);
      expect(metric(text, 'outbox_oldest_event_age_seconds')).toBe(0);
      expect(text).toContain('process_resident_memory_bytes');
    }
    const live = await fetch(`${replicas[0].metricsUrl}/health/live`);
    expect(live.status).toBe(200);
    const ready = await fetch(`${replicas[0].metricsUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', details: { database: { status: 'up' }, nats: { status: 'up' } } });
  });

  it("answers over HTTP with Prometheus's content type and JSON probes, and times its own requests by route", async () => {
    const url = replicas[1].metricsUrl;
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(metrics.headers.get('cache-control')).toBe('no-store');
    // A trailing slash is the same path, as it was on Express.
    const live = await fetch(`${url}/health/live/`);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await live.json()).toEqual({ status: 'ok', info: { process: { status: 'up' } }, error: {}, details: { process: { status: 'up' } } });
    const missing = await fetch(`${url}/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ statusCode: 404, message: 'Cannot GET /nothing-here', error: 'Not Found' });
    const text = await (await fetch(`${url}/metrics`)).text();
    // The matched route pattern, never the raw path.
    expect(metric(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/health/live', status: '200' })).toBe(1);
    expect(metric(text, 'http_request_duration_seconds_count', { route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('nothing-here');
  });
});

describe('a service whose NATS connection has closed', () => {
  let env: TestEnv;
  let service: RunningService;

  beforeAll(async () => {
    env = await createTestEnv();
    service = await bootstrapService(SERVICE_MODULES.fleet, { env: env.vars });
    await service.app.get<NatsConnection>(NATS_CONNECTION).close();
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await env?.cleanup();
  });

  it('is still live but not ready: 503 naming NATS as down', async () => {
    expect((await fetch(`${service.metricsUrl}/health/live`)).status).toBe(200);
    const ready = await fetch(`${service.metricsUrl}/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await ready.json()).toMatchObject({ status: 'error', info: { database: { status: 'up' } }, error: { nats: { status: 'down' } } });
  });
});

describe('periodic work', () => {
  let env: TestEnv;
  const replicas: RunningService[] = [];
  let queue: Queue;

  beforeAll(async () => {
    env = await createTestEnv();
    replicas.push(await bootstrapService(SERVICE_MODULES.booking, { env: env.vars }), await bootstrapService(SERVICE_MODULES.booking, { env: env.vars }));
    queue = new Queue('booking-maintenance', { connection: redisOptions(TEST_SERVERS.redis), prefix: `${env.id}:bull` });
  }, 60_000);
  afterAll(async () => {
    await queue?.close();
    await Promise.all(replicas.map((r) => r.stop()));
    await env?.cleanup();
  });

  it('schedules the idempotency-key purge once for the cluster, however many replicas start', async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => [s.key, s.every])).toEqual([['purge-idempotency-keys', 3_600_000]]);
  });

  it('runs a purge job on one replica and reports the queue depth', async () => {
    const job = await queue.add('purge-idempotency-keys', {});
    await eventually(async () => (await job.isCompleted()) || undefined, 10_000, 'the purge job to complete');
    expect((await queue.getJob(job.id!))?.returnvalue).toEqual({ purged: 0 });
    const text = await (await fetch(`${replicas[0].metricsUrl}/metrics`)).text();
    // The next scheduled run waits, delayed, in the queue.
    expect(metric(text, 'job_queue_jobs', { queue: 'booking-maintenance', state: 'delayed' })).toBe(1);
  });
});

describe('periodic work after Redis restarts empty', () => {
  let env: TestEnv;
  let redis: PrivateRedis;
  let service: RunningService;
  const queues: Queue[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    env = await createTestEnv({ REDIS_URL: redis.url });
    service = await bootstrapService(SERVICE_MODULES.booking, { env: env.vars });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await service?.stop();
    await env?.cleanup();
    await redis?.stop();
  });

  const schedulersOf = async (name: string) => {
    const queue = new Queue(name, { connection: { ...redisOptions(redis.url), maxRetriesPerRequest: null }, prefix: `${env.id}:bull` });
    queues.push(queue);
    return (await queue.getJobSchedulers()).map((s) => s.key);
  };

  it('schedules the purge and the deadline sweep again by itself, and its workers take jobs again', async () => {
    expect(await schedulersOf('booking-maintenance')).toEqual(['purge-idempotency-keys']);
    expect(await schedulersOf('dispatch-deadlines')).toEqual(['sweep-overdue-assignments']);

    // Killed, and back with nothing: no schedule, no job, until the service notices.
    await redis.restart({ crash: true, downMs: 500 });
    await eventually(async () => (await schedulersOf('booking-maintenance')).length === 1, 20_000, 'the purge schedule to be back');
    await eventually(async () => (await schedulersOf('dispatch-deadlines')).length === 1, 20_000, 'the sweep schedule to be back');

    const queue = new Queue('booking-maintenance', { connection: { ...redisOptions(redis.url), maxRetriesPerRequest: null }, prefix: `${env.id}:bull` });
    queues.push(queue);
    const job = await queue.add('purge-idempotency-keys', {});
    await eventually(async () => (await job.isCompleted()) || undefined, 20_000, 'a purge job to complete after the restart');
  }, 60_000);
});
