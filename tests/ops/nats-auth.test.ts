import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as contracts from '@limo/contracts';
import { connect, nkeyAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { auditConsumer, connectNats, consumerLags, DEAD_LETTER_HEADERS, deadLetterStreamName, eventStreamName, filterFor, listDeadLetters, natsAuthConfig, natsKeys, natsPublicKeyOf, NATS_USERS, newNatsSeed, redriveDeadLetters, RequestMux, RpcClient, SERVICE_CALLS, SERVICE_CONSUMERS, type NatsService, type NatsUser } from '@limo/messaging';
import { privateNats } from '../../scripts/lib/private-nats.mjs';
import { basicAuth } from '../support/admin-auth.js';
import { book } from '../support/drivers.js';
import { startProductProcesses, type ProductProcesses } from '../support/processes.js';
import { SseClient } from '../support/sse.js';
import { eventually } from '../support/stack.js';

/**
 * The bus as `npm start` runs it: a private nats-server with the generated users and permissions
 * (libs/messaging/src/nats-auth.ts), every service and the gateway on their own nkey seed.
 * nats-server holds only the public keys.
 * Only the gateway's user can reach the admin-account RPCs; the product still works end to end.
 */

const { driversRpc } = contracts;

/** A user nkey seed (the secret): `S`, the type `U`, base32. */
const SEED = /S[A-Z][A-Z2-7]{56}/;

describe('the generated nats-server configuration', () => {
  it("allows each service exactly the other services' RPCs its code calls", () => {
    const contractGroups = contracts as unknown as Record<string, Record<string, { subject?: string }> | undefined>;
    for (const service of Object.keys(SERVICE_CALLS) as NatsService[]) {
      const dir = join('services', service, 'src');
      const called = new Set<string>();
      for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
        for (const [, group, name] of readFileSync(join(dir, file), 'utf8').matchAll(/\.request\(\s*(\w+)\.(\w+)\b/g)) {
          const subject = contractGroups[group]?.[name]?.subject;
          if (!subject) throw new Error(`${join(dir, file)} calls ${group}.${name}, which is no RPC contract`);
          if (!subject.startsWith(`${service}.`)) called.add(subject);
        }
      }
      expect({ service, calls: [...called].sort() }).toEqual({ service, calls: [...SERVICE_CALLS[service]].sort() });
    }
  });

  it('lets each service use exactly the durable consumers its code runs, with their filters', () => {
    const contractGroups = contracts as unknown as Record<string, Record<string, { type?: string }> | undefined>;
    for (const service of Object.keys(SERVICE_CONSUMERS) as NatsService[]) {
      const dir = join('services', service, 'src');
      const found: Record<string, string> = {};
      for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
        const text = readFileSync(join(dir, file), 'utf8');
        const durable = text.match(/@EventConsumer\(\{\s*durable:\s*'([^']+)'/)?.[1];
        if (!durable) continue;
        // `@OnEvent(a.b, c.d)` names its contracts; `@OnEvent(...LIST)` spreads a `const LIST = [...]` of the file.
        const listed = (args: string) => args.replace(/\.\.\.(\w+)/g, (_, list: string) => text.match(new RegExp(`const ${list} = \\[([^\\]]*)\\]`))?.[1] ?? `${list}.unresolved`);
        const types = [...text.matchAll(/@OnEvent\(([^)]*)\)/g)].flatMap(([, args]) =>
          [...listed(args!).matchAll(/(\w+)\.(\w+)/g)].map(([, group, name]) => contractGroups[group!]?.[name!]?.type ?? `${group}.${name}?`),
        );
        found[durable] = filterFor(types);
      }
      expect({ service, consumers: found }).toEqual({ service, consumers: SERVICE_CONSUMERS[service] });
    }
  });

  const deployed = 'deploy/nats/nats-server.conf';

  it('is what docker-compose mounts (regenerate with `node scripts/nats-config.mjs > deploy/nats/nats-server.conf`)', () => {
    expect(readFileSync(deployed, 'utf8')).toBe(natsAuthConfig({ prefix: 'limo' }));
  });

  it('takes the public keys from the environment and refuses to start without one, or with a seed in its place', () => {
    const test = (env: Record<string, string>) => spawnSync('nats-server', ['-t', '-c', deployed], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
    const { seeds, publicKeyEnv } = natsKeys();
    expect(test(publicKeyEnv).status).toBe(0);
    const { NATS_GATEWAY_NKEY: _left, ...missing } = publicKeyEnv;
    const refused = test(missing);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/NATS_GATEWAY_NKEY/);
    const seedInstead = test({ ...publicKeyEnv, NATS_GATEWAY_NKEY: seeds.gateway });
    expect(seedInstead.status).not.toBe(0);
    expect(seedInstead.stderr).toMatch(/not a valid public nkey/i);
  });

  it('holds no secret: users by public-key variable only, no seed, no password', () => {
    for (const config of [readFileSync(deployed, 'utf8'), natsAuthConfig({ prefix: 'other' })]) {
      expect(config).not.toMatch(SEED);
      expect(config).not.toMatch(/password|\buser:/);
      expect(config.match(/^ {6}nkey: \$NATS_[A-Z]+_NKEY$/gm)).toHaveLength(NATS_USERS.length);
    }
  });

  it("npm start's NATS: the file and the server's environment hold the public keys only, each process gets its own seed", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'limo-nkeys-'));
    try {
      const opsSeed = newNatsSeed();
      const server = await privateNats({ prefix: 'limo', storeDir: dir, env: { PATH: process.env.PATH }, seeds: { NATS_OPS_NKEY_SEED: opsSeed } });
      const seeds = NATS_USERS.map((user) => server.credentials(user).NATS_NKEY_SEED);
      expect(new Set(seeds).size).toBe(NATS_USERS.length);
      // The operator's seed (to run the ops scripts against it) is kept; the others are new.
      expect(server.credentials('ops')).toEqual({ NATS_USER: 'ops', NATS_NKEY_SEED: opsSeed });
      const serverSide = [readFileSync(join(dir, 'nats-server.conf'), 'utf8'), JSON.stringify(server.spec.env)].join('\n');
      expect(serverSide).not.toMatch(SEED);
      for (const user of NATS_USERS) expect(server.spec.env[`NATS_${user.toUpperCase()}_NKEY`]).toBe(natsPublicKeyOf(server.credentials(user).NATS_NKEY_SEED));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('NATS with authentication and per-service permissions', () => {
  let product: ProductProcesses;
  const connections: NatsConnection[] = [];
  const adminPassword = `pw-${randomBytes(9).toString('base64url')}`;
  const intruder = { username: `intruder-${randomBytes(3).toString('hex')}`, password: `pw-${randomBytes(9).toString('base64url')}` };

  beforeAll(async () => {
    product = await startProductProcesses({
      services: ['fleet', 'booking', 'drivers', 'reporting', 'notifications', 'customers'],
      privateNats: true,
      env: { ADMIN_PASSWORD: adminPassword, SEED_DEMO_BOOKINGS: 'false' },
    });
  }, 90_000);
  afterAll(async () => {
    await Promise.all(connections.map((nc) => nc.close()));
    await product?.stop();
  });

  const nats = () => product.nats!;
  const prefix = () => product.env.id;
  const connectAs = async (user: NatsUser, seed = nats().credentials[user].seed) => {
    const nc = await connectNats(nats().url, `test-${user}`, { user, seed });
    connections.push(nc);
    return nc;
  };
  const rpcAs = async (user: NatsUser) => new RpcClient(await connectAs(user), { prefix: prefix(), timeoutMs: 3000 });
  /** The permission violations nats-server logged, those of the tests' own intruding connections (`test-<user>`) aside. */
  const productViolations = () =>
    nats()
      .output()
      .split('\n')
      .filter((line) => /Violation/.test(line) && !/"[^"]*:test-[a-z]+"/.test(line));
  const intruderIsAdmin = async () => (await (await rpcAs('gateway')).request(driversRpc.verifyAdmin, intruder)).valid;

  it('refuses a connection without credentials, with a password, or with a seed it does not know', async () => {
    await expect(connect({ servers: nats().url, reconnect: false })).rejects.toThrow(/Authorization Violation/i);
    await expect(connect({ servers: nats().url, reconnect: false, user: 'gateway', pass: 'not-the-password' })).rejects.toThrow(/Authorization Violation/i);
    const stranger = new TextEncoder().encode(newNatsSeed());
    await expect(connect({ servers: nats().url, reconnect: false, authenticator: nkeyAuthenticator(stranger) })).rejects.toThrow(/Authorization Violation/i);
    await expect(connectNats(nats().url, 'test-gateway', { user: 'gateway', seed: newNatsSeed() })).rejects.toThrow(/Authorization Violation/i);
  });

  it("gives a process that names itself gateway with another user's seed that user's permissions only", async () => {
    const fleet = nats().credentials.fleet;
    const nc = await connectAs('gateway', fleet.seed);
    const subject = `${prefix()}.rpc.drivers.admins.ensure.v1`;
    // Not even the gateway's replies: its inbox is the gateway's, which fleet may not read.
    await expect(nc.request(subject, JSON.stringify(intruder), { timeout: 2000 })).rejects.toThrow(/permissions violation/i);
    nc.publish(subject, JSON.stringify(intruder));
    await nc.flush();
    const inbox = nc.subscribe('_INBOX.gateway.>');
    await expect(inbox.closed).resolves.toBeInstanceOf(Error);
    await eventually(async () => (nats().output().includes(`Publish Violation - Nkey "${fleet.publicKey}", Subject "${subject}"`) ? true : undefined), 5000, "the server naming fleet's key");
    expect(await intruderIsAdmin()).toBe(false);
  });

  it.each<NatsUser>(['fleet', 'booking', 'reporting', 'ops'])('does not let the %s user create an admin', async (user) => {
    const nc = await connectAs(user);
    const subject = `${prefix()}.rpc.drivers.admins.ensure.v1`;
    // A request is refused by the server; so is a plain publish (no reply expected).
    await expect(nc.request(subject, JSON.stringify(intruder), { timeout: 2000 })).rejects.toThrow(/permissions violation/i);
    nc.publish(subject, JSON.stringify(intruder));
    await nc.flush();
    // Nor may it listen in on the drivers service's subjects or the gateway's replies.
    const sub = nc.subscribe(`${prefix()}.rpc.drivers.>`);
    await expect(sub.closed).resolves.toBeInstanceOf(Error);
    expect(nats().output()).toContain(`Publish Violation - Nkey "${nats().credentials[user].publicKey}", Subject "${subject}"`);
    expect(await intruderIsAdmin()).toBe(false);
  });

  it("does not let a service publish another service's events or delete the event stream", async () => {
    const nc = await connectAs('fleet');
    await expect(nc.request(`${prefix()}.evt.booking.booking.created.v1`, '{}', { timeout: 2000 })).rejects.toThrow(/permissions violation/i);
    await expect(nc.request(`$JS.API.STREAM.DELETE.${eventStreamName(prefix())}`, '', { timeout: 2000 })).rejects.toThrow(/permissions violation/i);
  });

  describe("each user keeps to its own consumers, events and dead letters (issue 31)", () => {
    const events = () => eventStreamName(prefix());
    const api = (rest: string) => `$JS.API.${rest}`;
    const connected = new Map<NatsUser, Promise<NatsConnection>>();
    const refused = async (user: NatsUser, subject: string, body: unknown = {}) => {
      if (!connected.has(user)) connected.set(user, connectAs(user));
      const nc = await connected.get(user)!;
      await expect(nc.request(subject, JSON.stringify(body), { timeout: 2000 })).rejects.toThrow(/permissions violation/i);
    };
    const others = (user: NatsUser) =>
      (Object.entries(SERVICE_CONSUMERS) as [NatsService, Record<string, string>][]).filter(([owner]) => owner !== user).flatMap(([, consumers]) => Object.keys(consumers));

    it.each<NatsUser>(['fleet', 'booking', 'drivers', 'notifications', 'gateway'])("does not let %s pull from or acknowledge reporting's durable consumer", async (user) => {
      await refused(user, api(`CONSUMER.MSG.NEXT.${events()}.reporting-bookings`), { batch: 6, expires: 1_000_000_000 });
      await refused(user, `$JS.ACK.${events()}.reporting-bookings.1.1.1.${Date.now()}000000.0`, '');
    });

    it("does not let a service pull from, acknowledge, take over or delete any other service's durable consumer", async () => {
      for (const user of Object.keys(SERVICE_CONSUMERS) as NatsService[]) {
        for (const durable of others(user)) {
          await refused(user, api(`CONSUMER.MSG.NEXT.${events()}.${durable}`), { batch: 1 });
          await refused(user, `$JS.ACK.${events()}.${durable}.1.1.1.1.0`, '');
          await refused(user, api(`CONSUMER.DELETE.${events()}.${durable}`));
          // Booking may make ordered consumers of fleet events: not under another's durable name.
          await refused(user, api(`CONSUMER.CREATE.${events()}.${durable}.${prefix()}.evt.fleet.>`), { stream_name: events(), config: { name: durable, filter_subject: `${prefix()}.evt.fleet.>` } });
        }
      }
      // Nor its own: durables are deleted by no one.
      await refused('gateway', api(`CONSUMER.DELETE.${events()}.reporting-bookings`));
      await refused('reporting', api(`CONSUMER.DELETE.${events()}.reporting-bookings`));
    });

    it.each<NatsUser>(['fleet', 'booking', 'reporting', 'gateway'])('does not let %s change or make the streams (only ops does)', async (user) => {
      const nc = await connectAs(user);
      const info = await (await jetstreamManager(nc)).streams.info(events());
      await refused(user, api(`STREAM.UPDATE.${events()}`), { ...info.config, max_age: 1_000_000_000 });
      await refused(user, api(`STREAM.CREATE.${prefix().toUpperCase()}_OTHER`), { name: `${prefix().toUpperCase()}_OTHER`, subjects: [`${prefix()}.evt.>`] });
      await refused(user, api(`STREAM.PURGE.${events()}`));
    });

    it("does not let a service read events it does not consume (fleet reading the drivers' events)", async () => {
      const spy = (filter: string) => ({ stream_name: events(), config: { name: 'spy', filter_subject: `${prefix()}.evt.${filter}`, ack_policy: 'none' } });
      await refused('fleet', api(`CONSUMER.CREATE.${events()}.spy.${prefix()}.evt.drivers.>`), spy('drivers.>'));
      await refused('fleet', api(`CONSUMER.CREATE.${events()}`), spy('drivers.>'));
      await refused('fleet', api(`CONSUMER.DURABLE.CREATE.${events()}.spy`), spy('drivers.>'));
      await refused('fleet', api(`DIRECT.GET.${events()}`), { seq: 1 });
      await refused('fleet', api(`STREAM.MSG.GET.${events()}`), { seq: 1 });
      // Booking follows fleet events (its cache of the vehicles), not the drivers'.
      await refused('booking', api(`CONSUMER.CREATE.${events()}.spy.${prefix()}.evt.drivers.>`), spy('drivers.>'));
      await refused('reporting', api(`CONSUMER.CREATE.${events()}.spy.${prefix()}.evt.>`), spy('>'));
    });

    it("lets a service read the events its own consumers read (the metrics' lag probe), with no violation", async () => {
      const nc = await connectNats(nats().url, 'probe-drivers', { user: 'drivers', seed: nats().credentials.drivers.seed });
      connections.push(nc);
      const config = { name: 'lagprobe_1', filter_subject: `${prefix()}.evt.booking.>`, ack_policy: 'none', deliver_policy: 'all', mem_storage: true, inactive_threshold: 60_000_000_000 };
      const created = (await nc.request(api(`CONSUMER.CREATE.${events()}.lagprobe_1.${prefix()}.evt.booking.>`), JSON.stringify({ stream_name: events(), config }), { timeout: 2000 })).json<{ name?: string }>();
      expect(created.name).toBe('lagprobe_1');
      const deleted = (await nc.request(api(`CONSUMER.DELETE.${events()}.lagprobe_1`), '', { timeout: 2000 })).json<{ success?: boolean }>();
      expect(deleted.success).toBe(true);
      expect((await consumerLags(nc, prefix(), ['drivers-rides'], { oldestBy: 'consumer' })).map((l) => l.durable)).toEqual(['drivers-rides']);
      await nc.flush();
      expect(nats().output().split('\n').filter((line) => /Violation/.test(line) && line.includes('probe-drivers'))).toEqual([]);
    });

    it('lets a service audit its own consumers (an ordered consumer of their filter up to their floor), with no violation', async () => {
      const nc = await connectNats(nats().url, 'audit-drivers', { user: 'drivers', seed: nats().credentials.drivers.seed });
      connections.push(nc);
      const db = { $executeRawUnsafe: async () => 0, $queryRawUnsafe: async <T,>() => [] as T };
      // No stored cursor (the database answers nothing): the round looks back an hour, probing where that starts and reading from there.
      const types = [contracts.bookingEvents.created.type];
      const audit = await auditConsumer({ nc, prefix: prefix(), db, durable: 'drivers-rides', types, eventOf: () => undefined, reapply: async () => 'duplicate', stopping: () => false, lookbackMs: 60 * 60_000 });
      expect(audit).toEqual({ recovered: [], retry: [], read: expect.any(Number) });
      await nc.flush();
      expect(nats().output().split('\n').filter((line) => /Violation/.test(line) && line.includes('audit-drivers'))).toEqual([]);
    });

    it("does not let a service file a dead letter on another service's consumer", async () => {
      await refused('fleet', `${prefix()}.dlq.reporting-bookings`, '{}');
      await refused('drivers', `${prefix()}.dlq.notifications-bookings`, '{}');
      await refused('fleet', `${prefix()}.dlq.fleet-anything`, '{}');
    });

    it("does not redrive a dead letter a service forged on its own consumer's subject (a phantom booking and a 'booking received' email)", async () => {
      const ops = await connectAs('ops');
      const reporting = await connectAs('reporting');
      const streamBefore = (await (await jetstreamManager(ops)).streams.info(events())).state.last_seq;
      const phantom = {
        eventId: randomUUID(),
        type: 'booking.booking.created.v1',
        occurredAt: new Date().toISOString(),
        correlationId: randomUUID(),
        data: { id: 999_999, totalPrice: '99999.99', email: 'attacker@example.com' },
      };
      const forge = async (subject: string, seq: number) => {
        const hdrs = headers();
        hdrs.set(DEAD_LETTER_HEADERS.reason, 'forged');
        hdrs.set(DEAD_LETTER_HEADERS.consumer, 'reporting-bookings');
        hdrs.set(DEAD_LETTER_HEADERS.subject, subject);
        hdrs.set(DEAD_LETTER_HEADERS.sequence, String(seq));
        await jetstream(reporting).publish(`${prefix()}.dlq.reporting-bookings`, JSON.stringify(phantom), { headers: hdrs });
      };
      // Within reporting-bookings' filter, naming a real position of the stream, and outside it.
      await forge(`${prefix()}.evt.booking.booking.created.v1`, Math.max(1, streamBefore));
      await forge(`${prefix()}.evt.booking.booking.created.v1`, 0);
      await forge(`${prefix()}.evt.drivers.driver.registered.v1`, 1);

      const result = await redriveDeadLetters(ops, prefix());
      expect(result.moved).toBe(0);
      expect(result.refused.map((r) => r.why)).toEqual([
        expect.stringMatching(/^not the message \d+ of the event stream$/),
        'the event stream holds no message 0',
        expect.stringMatching(/outside reporting-bookings's filter/),
      ]);
      expect((await (await jetstreamManager(ops)).streams.info(events())).state.last_seq).toBe(streamBefore);
      expect((await listDeadLetters(ops, prefix())).filter((l) => l.consumer === 'reporting-bookings')).toHaveLength(3);
      // Not redriven by `npm run events:redrive` either: it lists them, leaves them and fails.
      const run = spawnSync(process.execPath, ['scripts/events-redrive.mjs'], {
        env: { ...process.env, NATS_URL: nats().url, NATS_PREFIX: prefix(), NATS_USER: 'ops', NATS_NKEY_SEED: nats().credentials.ops.seed },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/put 0 dead letter\(s\) back on their subjects; 3 refused \(left on file\)/);
      expect((await (await jetstreamManager(ops)).streams.info(events())).state.last_seq).toBe(streamBefore);
      for (const letter of await listDeadLetters(ops, prefix())) await (await jetstreamManager(ops)).streams.deleteMessage(deadLetterStreamName(prefix()), letter.seq);
    });
  });

  it('fails a request the user may not publish at once over the product\'s own request path, naming the refusal', async () => {
    const nc = await connectAs('fleet');
    const started = Date.now();
    const refused = RequestMux.of(nc).request(`${prefix()}.evt.booking.booking.created.v1`, '{}', { timeoutMs: 10_000 });
    await expect(refused).rejects.toThrow(/permissions violation/i);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('lets the gateway user create an admin, through the real drivers service', async () => {
    const rpc = await rpcAs('gateway');
    expect(await rpc.request(driversRpc.ensureAdmin, intruder)).toEqual({ outcome: 'created' });
    expect(await intruderIsAdmin()).toBe(true);
    const res = await fetch(`${product.baseUrl}/api/admin/stats`, { headers: { Authorization: basicAuth(intruder.username, intruder.password) } });
    expect(res.status).toBe(200);
  });

  it("lets the operator's user redrive dead letters and rebuild the projections (the npm scripts)", async () => {
    const nc = await connectAs('ops');
    expect(await listDeadLetters(nc, prefix())).toEqual([]);
    expect(await redriveDeadLetters(nc, prefix())).toEqual({ moved: 0, refused: [] });
    const reply = (await nc.request(`${prefix()}.rpc.reporting.projections.rebuild.v1`, '{}', { timeout: 20_000 })).json<{ ok: boolean }>();
    expect(reply.ok).toBe(true);
  });

  it('serves a booking (gateway → booking → fleet) and carries its event to reporting and the live board, with no permission refused', async () => {
    const auth = basicAuth('admin', adminPassword);
    const stats = async () => (await (await fetch(`${product.baseUrl}/api/admin/stats`, { headers: { Authorization: auth } })).json()) as { totalBookings: number };
    const before = (await stats()).totalBookings;
    // The live board reads the event stream through the gateway's own (ephemeral) consumer.
    const live = await new SseClient(`${product.baseUrl}/api/admin/stream`, { Authorization: auth }).open();
    try {
      expect(live.status).toBe(200);
      await book(product);
      await eventually(async () => ((await stats()).totalBookings === before + 1 ? true : undefined), 15_000, 'the booking counted by reporting');
      await live.waitFor(() => true, 10_000);
    } finally {
      await live.close();
    }
    // /api/health reads the streams and consumers (the gateway's JetStream permissions).
    const health = await fetch(`${product.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(productViolations()).toEqual([]);
  });

  it("sends a customer's sign-in code (gateway → customers → notifications) with no permission refused", async () => {
    const res = await fetch(`${product.baseUrl}/api/account/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `nats-${Date.now()}@example.com` }) });
    expect(res.status).toBe(202);
    expect(productViolations()).toEqual([]);
  });
});
