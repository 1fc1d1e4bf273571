import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import type { INestMicroservice } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { fleetRpc, healthRpc } from '@limo/contracts';
import { NatsRpcServer, notFound, RpcCallError, RpcClient, rpcSubject } from '@limo/messaging';
import { TEST_SERVERS } from '../../../tests/support/test-env.js';

const vehicle = {
  id: 1,
  name: 'Executive Sedan',
  category: 'sedan',
  description: 'S-Class',
  capacity: 3,
  baseRate: '95.00',
  imageUrl: '/x.svg',
  features: [],
  isActive: true,
};

/** What the fake fleet handler does next: answer, fail on purpose, crash, or reply nonsense. */
let behaviour: 'ok' | 'not-found' | 'crash' | 'invalid-reply' = 'ok';
const served: string[] = [];

@Controller()
class FakeFleetHandlers {
  constructor() {}

  @MessagePattern(fleetRpc.listVehicles.subject)
  list() {
    served.push('list');
    if (behaviour === 'not-found') throw notFound('No such fleet');
    if (behaviour === 'crash') throw new Error('database password=hunter2 leaked in a stack');
    if (behaviour === 'invalid-reply') return [{ ...vehicle, baseRate: 95 }];
    return [vehicle];
  }
}

@Module({ controllers: [FakeFleetHandlers] })
class FakeFleetModule {}

async function startReplica(nc: NatsConnection, prefix: string): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(FakeFleetModule, {
    strategy: new NatsRpcServer({ nc, prefix, queue: 'fleet' }),
    logger: false,
  });
  await app.listen();
  return app;
}

describe('request/reply between gateway and services over NATS', () => {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  let nc: NatsConnection;
  let client: RpcClient;
  let replica: INestMicroservice;

  beforeAll(async () => {
    nc = await connect({ servers: TEST_SERVERS.nats });
    client = new RpcClient(nc, { prefix, timeoutMs: 1000 });
    replica = await startReplica(nc, prefix);
  });
  afterAll(async () => {
    await replica?.close();
    await nc?.close();
  });
  beforeEach(() => {
    behaviour = 'ok';
  });

  it('returns the validated reply of the service', async () => {
    await expect(client.request(fleetRpc.listVehicles, {})).resolves.toEqual([vehicle]);
  });

  it('passes a service error through with its status and message', async () => {
    behaviour = 'not-found';
    await expect(client.request(fleetRpc.listVehicles, {})).rejects.toMatchObject({ status: 404, message: 'No such fleet' });
  });

  it('turns an unexpected handler error into a generic 500 without its details', async () => {
    behaviour = 'crash';
    const error = await client.request(fleetRpc.listVehicles, {}).catch((e) => e);
    expect(error).toBeInstanceOf(RpcCallError);
    expect(error).toMatchObject({ status: 500, message: 'Internal server error' });
    expect(error.message).not.toContain('hunter2');
  });

  it('refuses to send a reply that breaks the contract (500), never passing it on', async () => {
    behaviour = 'invalid-reply';
    await expect(client.request(fleetRpc.listVehicles, {})).rejects.toMatchObject({ status: 500 });
  });

  it('rejects a request that breaks the contract before any handler runs (400)', async () => {
    served.length = 0;
    const raw = await nc.request(rpcSubject(prefix, fleetRpc.listVehicles.subject), JSON.stringify({ surprise: true }), { timeout: 1000 });
    expect(raw.json()).toMatchObject({ ok: false, error: { status: 400 } });
    const notJson = await nc.request(rpcSubject(prefix, fleetRpc.listVehicles.subject), '{oops', { timeout: 1000 });
    expect(notJson.json()).toMatchObject({ ok: false, error: { status: 400 } });
    expect(served).toEqual([]);
  });

  it('answers 503 at once when no instance of the service is subscribed', async () => {
    const started = Date.now();
    await expect(client.request(healthRpc('drivers'), {})).rejects.toMatchObject({ status: 503 });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('answers 504 within the bound when the service does not reply in time', async () => {
    const silent = nc.subscribe(rpcSubject(prefix, healthRpc('booking').subject), { callback: () => {} });
    try {
      const started = Date.now();
      await expect(client.request(healthRpc('booking'), {}, { timeoutMs: 300 })).rejects.toMatchObject({ status: 504 });
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      silent.unsubscribe();
    }
  });

  it('answers 502 when the service sends something that is not a reply', async () => {
    const liar = nc.subscribe(rpcSubject(prefix, healthRpc('reporting').subject), { callback: (_e, msg) => msg.respond('not json at all') });
    try {
      await expect(client.request(healthRpc('reporting'), {})).rejects.toMatchObject({ status: 502 });
    } finally {
      liar.unsubscribe();
    }
  });

  it('spreads requests over replicas in the queue group, each request answered once', async () => {
    const nc2 = await connect({ servers: TEST_SERVERS.nats });
    const second = await startReplica(nc2, prefix);
    try {
      served.length = 0;
      const replies = await Promise.all(Array.from({ length: 40 }, () => client.request(fleetRpc.listVehicles, {})));
      expect(replies).toHaveLength(40);
      expect(served).toHaveLength(40);
      const viaSecond = (nc2.stats().inMsgs);
      expect(viaSecond).toBeGreaterThan(0);
      expect(viaSecond).toBeLessThan(40);
    } finally {
      await second.close();
      await nc2.close();
    }
  });
});
