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
let behaviour: 'ok' | 'not-found' | 'crash' | 'invalid-reply' | 'next-turn' = 'ok';
const served: string[] = [];

@Controller()
class FakeFleetHandlers {
  constructor() {}

  @MessagePattern(fleetRpc.listVehicles.subject)
  async list() {
    served.push('list');
    // Each call answered from its own callback, as replies to queries on separate sockets are.
    if (behaviour === 'next-turn') await new Promise((resolve) => setImmediate(resolve));
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

  it('sends the requests made in one turn of the event loop in one socket write, and the replies to them together', async () => {
    // Counted where nats.js hands its buffer to the socket (its transport's send).
    const writes = (own: NatsConnection) => {
      const transport = (own as unknown as { protocol: { transport: { send(frame: Uint8Array): void } } }).protocol.transport;
      const send = transport.send.bind(transport);
      const counter = { count: 0 };
      transport.send = (frame) => {
        counter.count++;
        send(frame);
      };
      return counter;
    };
    const ownPrefix = `t${randomBytes(4).toString('hex')}`;
    const callerNc = await connect({ servers: TEST_SERVERS.nats });
    const serviceNc = await connect({ servers: TEST_SERVERS.nats });
    const service = await startReplica(serviceNc, ownPrefix);
    await serviceNc.flush(); // its subscriptions reached the server before the first call
    try {
      const caller = new RpcClient(callerNc, { prefix: ownPrefix, timeoutMs: 2000 });
      await caller.request(fleetRpc.listVehicles, {}); // the reply subscription is made
      const [requests, replies] = [writes(callerNc), writes(serviceNc)];
      behaviour = 'next-turn';
      // Twenty calls from twenty callbacks of one turn, as fifty HTTP requests read in one turn are.
      const calls = Array.from({ length: 20 }, () => new Promise((resolve) => setImmediate(() => resolve(caller.request(fleetRpc.listVehicles, {})))));
      await expect(Promise.all(calls)).resolves.toEqual(Array.from({ length: 20 }, () => [vehicle]));
      expect(requests.count).toBe(1);
      // Delivered to the service in one read or a few, each read's replies in one write.
      expect(replies.count).toBeLessThanOrEqual(3);
    } finally {
      await service.close();
      await Promise.all([callerNc.close(), serviceNc.close()]);
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
