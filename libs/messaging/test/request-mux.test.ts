import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { RequestFailure, RequestMux } from '@limo/messaging';
import { TEST_SERVERS } from '../../../tests/support/test-env.js';

describe('requests over one inbox subscription per connection', () => {
  const subject = (name: string) => `t${randomBytes(4).toString('hex')}.${name}`;
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connect({ servers: TEST_SERVERS.nats });
  });
  afterAll(async () => {
    await nc?.close();
  });

  it('gives each of many concurrent requests its own reply, over one shared mux', async () => {
    const echo = subject('echo');
    // Answers out of order: the later request first.
    const responder = nc.subscribe(echo, { callback: (_e, msg) => setTimeout(() => msg.respond(`re:${msg.string()}`), 20 - (Number(msg.string()) % 20)) });
    try {
      expect(RequestMux.of(nc)).toBe(RequestMux.of(nc));
      const replies = await Promise.all(Array.from({ length: 300 }, (_, i) => RequestMux.of(nc).request(echo, String(i), { timeoutMs: 2000 })));
      expect(replies.map((msg) => msg.string())).toEqual(Array.from({ length: 300 }, (_, i) => `re:${i}`));
    } finally {
      responder.unsubscribe();
    }
  });

  it('fails at once when nobody is subscribed, and after the bound when nobody answers; a late reply is dropped', async () => {
    let started = Date.now();
    await expect(RequestMux.of(nc).request(subject('nobody'), 'x', { timeoutMs: 5000 })).rejects.toMatchObject({ kind: 'no-responders' });
    expect(Date.now() - started).toBeLessThan(1000);

    const slow = subject('slow');
    const responder = nc.subscribe(slow, { callback: (_e, msg) => setTimeout(() => msg.respond(`late:${msg.string()}`), 400) });
    try {
      started = Date.now();
      await expect(RequestMux.of(nc).request(slow, 'first', { timeoutMs: 150 })).rejects.toMatchObject({ kind: 'timeout' });
      expect(Date.now() - started).toBeLessThan(400);
      // The first request's reply arrives while the second waits: the second gets its own.
      await expect(RequestMux.of(nc).request(slow, 'second', { timeoutMs: 2000 }).then((msg) => msg.string())).resolves.toBe('late:second');
    } finally {
      responder.unsubscribe();
    }
  });

  it('fails what waits as soon as the connection closes, not at its timeout', async () => {
    const own = await connect({ servers: TEST_SERVERS.nats });
    const silent = subject('silent');
    own.subscribe(silent, { callback: () => {} });
    const started = Date.now();
    const waiting = RequestMux.of(own).request(silent, 'x', { timeoutMs: 10_000 });
    await own.close();
    await expect(waiting).rejects.toBeInstanceOf(RequestFailure);
    await expect(waiting).rejects.toMatchObject({ kind: 'connection' });
    expect(Date.now() - started).toBeLessThan(2000);
    // Nothing can be sent on a closed connection: refused at once.
    await expect(RequestMux.of(own).request(silent, 'y', { timeoutMs: 10_000 })).rejects.toThrow();
  });
});
