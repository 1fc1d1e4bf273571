import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { healthRpc } from '@limo/contracts';
import { DATABASE_UNAVAILABLE, RpcCallError, RpcClient, rpcSubject } from '@limo/messaging';
import { TEST_SERVERS } from '../../../tests/support/test-env.js';

/**
 * A call that may be made twice, sent again while unanswered (RpcClient's resendAfterMs): with
 * one replica of two swallowing requests (as one on a host cut off the network does), each call
 * still gets its answer from the other, where a single send is lost half the time.
 */
describe('RPC copies sent while unanswered', () => {
  let nc: NatsConnection;
  let prefix: string;
  const answered: string[] = [];

  beforeAll(async () => {
    nc = await connect({ servers: TEST_SERVERS.nats });
    prefix = `resend${randomBytes(4).toString('hex')}`;
    const subject = rpcSubject(prefix, healthRpc('fleet').subject);
    // The replica that swallows: takes its share of the queue group and never answers.
    nc.subscribe(subject, { queue: 'fleet', callback: () => undefined });
    nc.subscribe(subject, {
      queue: 'fleet',
      callback: (_error, msg) => {
        answered.push(msg.subject);
        msg.respond(JSON.stringify({ ok: true, data: { service: 'fleet', instance: 'fleet-1', database: { status: 'up' } } }));
      },
    });
    await nc.flush();
  });
  afterAll(async () => {
    await nc?.close();
  });

  it('answers every call from the replica that answers, within a few copies', async () => {
    const client = new RpcClient(nc, { prefix, timeoutMs: 3000 });
    const started = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.request(healthRpc('fleet'), {}, { resendAfterMs: 100 })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('loses a share of the calls sent once to the same two replicas (what the copies are for)', async () => {
    const client = new RpcClient(nc, { prefix, timeoutMs: 300 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.request(healthRpc('fleet'), {})));
    const lost = results.filter((r) => r.status === 'rejected');
    expect(lost.length).toBeGreaterThan(0);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(RpcCallError);
    expect(((lost[0] as PromiseRejectedResult).reason as RpcCallError).status).toBe(504);
  });
});

/**
 * A replica that answers at once that it could not reach its database (a host just back from a
 * partition, before its HAProxy sees the primary again) is passed over like a silent one: the
 * call's answer is another replica's; its 503 only when no replica has its database.
 */
describe('RPC copies sent past a replica without its database', () => {
  let nc: NatsConnection;
  let prefix: string;
  const refusal = JSON.stringify({ ok: false, error: { status: 503, message: DATABASE_UNAVAILABLE } });
  const health = JSON.stringify({ ok: true, data: { service: 'fleet', instance: 'fleet-1', database: { status: 'up' } } });
  let healthy = true;

  beforeAll(async () => {
    nc = await connect({ servers: TEST_SERVERS.nats });
    prefix = `refused${randomBytes(4).toString('hex')}`;
    const subject = rpcSubject(prefix, healthRpc('fleet').subject);
    nc.subscribe(subject, { queue: 'fleet', callback: (_error, msg) => msg.respond(refusal) });
    nc.subscribe(subject, { queue: 'fleet', callback: (_error, msg) => msg.respond(healthy ? health : refusal) });
    await nc.flush();
  });
  afterAll(async () => {
    await nc?.close();
  });

  it('answers every call sent with copies from the replica that has its database', async () => {
    healthy = true;
    const client = new RpcClient(nc, { prefix, timeoutMs: 3000 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.request(healthRpc('fleet'), {}, { resendAfterMs: 100 })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  });

  it('answers the 503, not a timeout, once no replica has its database', async () => {
    healthy = false;
    const client = new RpcClient(nc, { prefix, timeoutMs: 1000 });
    const started = Date.now();
    const error = await client.request(healthRpc('fleet'), {}, { resendAfterMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcCallError);
    expect((error as RpcCallError).status).toBe(503);
    expect((error as RpcCallError).message).toBe(DATABASE_UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('still answers a call sent once with the first replica\'s answer, the 503 included', async () => {
    healthy = true;
    const client = new RpcClient(nc, { prefix, timeoutMs: 1000 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.request(healthRpc('fleet'), {})));
    expect(results.some((r) => r.status === 'rejected' && (r.reason as RpcCallError).status === 503)).toBe(true);
  });
});
