import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ChangeDroppedCache, changedSubject } from '@limo/messaging';
import { TEST_SERVERS } from '../../../tests/support/test-env.js';

/** A loader that counts its calls and answers with the count. */
function counter() {
  const loader = { calls: 0, load: async () => ++loader.calls };
  return loader;
}

const settle = (nc: NatsConnection) => nc.flush().then(() => new Promise((r) => setTimeout(r, 20)));

describe('ChangeDroppedCache (a reader keeping another service answers between its change announcements)', () => {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  let reader: NatsConnection;
  let announcer: NatsConnection;
  let cache: ChangeDroppedCache;

  beforeAll(async () => {
    [reader, announcer] = await Promise.all([connect({ servers: TEST_SERVERS.nats }), connect({ servers: TEST_SERVERS.nats })]);
  });
  afterAll(async () => {
    await Promise.all([reader?.close(), announcer?.close()]);
  });
  beforeEach(async () => {
    cache = new ChangeDroppedCache(reader, { prefix, service: 'reporting', maxAgeMs: 60_000, maxEntries: 3 });
    cache.start();
    await settle(reader);
  });
  afterEach(() => cache.stop());

  it('answers a request again from memory until the service announces a change', async () => {
    const stats = counter();
    expect(await cache.get('stats', stats.load)).toBe(1);
    expect(await cache.get('stats', stats.load)).toBe(1);
    announcer.publish(changedSubject(prefix, 'reporting'));
    await settle(announcer);
    expect(await cache.get('stats', stats.load)).toBe(2);
    expect(await cache.get('stats', stats.load)).toBe(2);
  });

  it('keeps requests apart, hears only its own service, and shares one load between concurrent misses', async () => {
    const daily = counter();
    const monthly = counter();
    const both = await Promise.all([cache.get('daily 11', daily.load), cache.get('daily 11', daily.load), cache.get('monthly', monthly.load)]);
    expect(both).toEqual([1, 1, 1]);
    announcer.publish(changedSubject(prefix, 'fleet'));
    await settle(announcer);
    expect(await cache.get('daily 11', daily.load)).toBe(1);
    expect(daily.calls).toBe(1);
  });

  it('does not keep an answer whose load was under way when a change was announced, nor a failed load', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls === 1) await slow;
      return calls;
    };
    const first = cache.get('summary', load);
    announcer.publish(changedSubject(prefix, 'reporting'));
    await settle(announcer);
    release();
    expect(await first).toBe(1);
    expect(await cache.get('summary', load)).toBe(2);

    const failing = recorded(async () => {
      throw new Error('reporting away');
    });
    await expect(cache.get('reports', failing.fn)).rejects.toThrow('reporting away');
    await expect(cache.get('reports', failing.fn)).rejects.toThrow('reporting away');
    expect(failing.calls()).toBe(2);
  });

  it('drops everything past its size limit (request parameters come from clients)', async () => {
    const loads = counter();
    for (const key of ['a', 'b', 'c']) await cache.get(key, loads.load);
    expect(await cache.get('a', loads.load)).toBe(1);
    await cache.get('d', loads.load);
    expect(await cache.get('a', loads.load)).toBe(5);
  });

  it('keeps nothing when it cannot hear the announcements (its connection closed)', async () => {
    const own = await connect({ servers: TEST_SERVERS.nats });
    const deaf = new ChangeDroppedCache(own, { prefix, service: 'reporting', maxAgeMs: 60_000 });
    deaf.start();
    await settle(own);
    const stats = counter();
    await deaf.get('stats', stats.load);
    expect(await deaf.get('stats', stats.load)).toBe(1);
    await own.close();
    await new Promise((r) => setTimeout(r, 20));
    expect(await deaf.get('stats', stats.load)).toBe(2);
    expect(await deaf.get('stats', stats.load)).toBe(3);
    deaf.stop();
  });
});

/** A function that counts its calls. */
function recorded<T>(impl: () => Promise<T>) {
  let count = 0;
  return {
    fn: () => {
      count++;
      return impl();
    },
    calls: () => count,
  };
}
