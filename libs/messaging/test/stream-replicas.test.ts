import { randomUUID } from 'node:crypto';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { connectNats, deadLetterStreamName, ensureEventStream, ensureStream, eventStreamName } from '@limo/messaging';
import { startPrivateNatsCluster, type PrivateNatsCluster } from '../../../tests/support/private-nats-cluster.js';
import { TEST_SERVERS } from '../../../tests/support/test-env.js';
import { eventually } from '../../../tests/support/stack.js';

/**
 * The streams on a NATS cluster of three (issue 38): three copies of each, consumers alike, and a
 * publish acknowledged by the quorum survives the loss of any one server.
 */
describe('event streams on a NATS cluster of three', () => {
  let cluster: PrivateNatsCluster;
  let nc: NatsConnection;

  beforeAll(async () => {
    cluster = await startPrivateNatsCluster();
    nc = await connectNats(cluster.url, 'stream-replicas-test');
    // The servers tell a client of each other once their routes are up.
    await eventually(async () => nc.info?.connect_urls?.length === 3, 20_000, 'the three servers known to the client');
  }, 60_000);
  afterAll(async () => {
    await nc?.close();
    await cluster?.stop();
  });

  it('makes the events and their dead letters with 3 replicas, and consumers take the stream\'s', async () => {
    const prefix = `r3${randomUUID().slice(0, 8)}`;
    const jsm = await jetstreamManager(nc);
    await ensureEventStream(nc, prefix);
    for (const name of [eventStreamName(prefix), deadLetterStreamName(prefix)]) {
      const info = await jsm.streams.info(name);
      expect(info.config.num_replicas).toBe(3);
      // The leader and two others, all current.
      await eventually(async () => (await jsm.streams.info(name)).cluster?.replicas?.filter((r) => r.current).length === 2, 10_000, `two current replicas of ${name}`);
    }
    await jsm.consumers.add(eventStreamName(prefix), { durable_name: 'reader', ack_policy: AckPolicy.Explicit });
    const consumer = await jsm.consumers.info(eventStreamName(prefix), 'reader');
    expect(consumer.cluster?.replicas).toHaveLength(2);
  });

  it('connects to the first server listed, every time, when asked to keep the order (the host\'s own first)', async () => {
    const listed = [cluster.urls[2]!, cluster.urls[0]!, cluster.urls[1]!].join(',');
    for (let i = 0; i < 5; i++) {
      const own = await connectNats(listed, 'in-order-test', {}, { inOrder: true });
      try {
        expect(`nats://${own.getServer()}`).toBe(cluster.urls[2]);
      } finally {
        await own.close();
      }
    }
  });

  it('scales a stream made with one copy up to three when the services start on the cluster', async () => {
    const prefix = `up${randomUUID().slice(0, 8)}`;
    const jsm = await jetstreamManager(nc);
    await ensureEventStream(nc, prefix, { replicas: 1 });
    expect((await jsm.streams.info(eventStreamName(prefix))).config.num_replicas).toBe(1);
    await jetstream(nc).publish(`${prefix}.evt.booking.created`, 'kept');
    await ensureEventStream(nc, prefix);
    const info = await jsm.streams.info(eventStreamName(prefix));
    expect(info.config.num_replicas).toBe(3);
    expect(info.state.messages).toBe(1);
  });

  it('keeps every acknowledged publish when the stream\'s leader is killed, and goes on acknowledging', async () => {
    const prefix = `kill${randomUUID().slice(0, 8)}`;
    const jsm = await jetstreamManager(nc);
    const stream = await ensureEventStream(nc, prefix);
    const js = jetstream(nc);
    for (let i = 0; i < 50; i += 1) await js.publish(`${prefix}.evt.booking.created`, `before ${i}`, { msgID: `before-${i}` });
    const leader = (await jsm.streams.info(stream)).cluster!.leader!;
    const killed = cluster.names.indexOf(leader);
    await cluster.crash(killed);
    try {
      // The two left elect a leader and acknowledge again; the client reconnects to one of them.
      let after = 0;
      await eventually(async () => {
        await js.publish(`${prefix}.evt.booking.created`, `after ${after}`, { msgID: `after-${after}`, timeout: 2000 });
        after += 1;
        return true;
      }, 30_000, 'a publish acknowledged after the leader was killed');
      for (; after < 50; after += 1) await js.publish(`${prefix}.evt.booking.created`, `after ${after}`, { msgID: `after-${after}` });
      const info = await jsm.streams.info(stream);
      expect(info.cluster!.leader).not.toBe(leader);
      expect(info.state.messages).toBe(100);
    } finally {
      await cluster.start(killed);
    }
    // The killed server catches up as a replica.
    await eventually(async () => (await jsm.streams.info(stream)).cluster?.replicas?.filter((r) => r.current).length === 2, 30_000, 'the killed server current again');
  }, 90_000);
});

describe('event streams on a cluster of two', () => {
  it('makes them with as many copies as there are servers when three was a guess, and refuses three asked outright', async () => {
    const cluster = await startPrivateNatsCluster({ servers: 2 });
    const nc = await connectNats(cluster.url, 'stream-replicas-test');
    try {
      const jsm = await jetstreamManager(nc);
      const prefix = `two${randomUUID().slice(0, 8)}`;
      // What a server listening on every interface may make of a cluster of two: four URLs, three guessed.
      await ensureStream(jsm, eventStreamName(prefix), { name: eventStreamName(prefix), subjects: [`${prefix}.evt.>`], num_replicas: 3 }, { replicasGuessed: true });
      expect((await jsm.streams.info(eventStreamName(prefix))).config.num_replicas).toBe(2);
      await expect(ensureStream(jsm, `${eventStreamName(prefix)}_ASKED`, { name: `${eventStreamName(prefix)}_ASKED`, subjects: [`${prefix}.asked.>`], num_replicas: 3 })).rejects.toThrow(/insufficient resources|no suitable peers/i);
    } finally {
      await nc.close();
      await cluster.stop();
    }
  }, 60_000);
});

describe('event streams on a single NATS server', () => {
  it('keeps one copy', async () => {
    const nc = await connectNats(TEST_SERVERS.nats, 'stream-replicas-test');
    const prefix = `r1${randomUUID().slice(0, 8)}`;
    const jsm = await jetstreamManager(nc);
    try {
      await ensureEventStream(nc, prefix);
      expect((await jsm.streams.info(eventStreamName(prefix))).config.num_replicas).toBe(1);
    } finally {
      await jsm.streams.delete(eventStreamName(prefix)).catch(() => false);
      await jsm.streams.delete(deadLetterStreamName(prefix)).catch(() => false);
      await nc.close();
    }
  });
});
