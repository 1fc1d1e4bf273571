import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contracts from '@limo/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { connectNats, eventStreamName, listDeadLetters, natsAuthConfig, newNatsPasswordEnv, redriveDeadLetters, RequestMux, RpcClient, SERVICE_CALLS, type NatsService, type NatsUser } from '@limo/messaging';
import { basicAuth } from '../support/admin-auth.js';
import { book } from '../support/drivers.js';
import { startProductProcesses, type ProductProcesses } from '../support/processes.js';
import { SseClient } from '../support/sse.js';
import { eventually } from '../support/stack.js';

/**
 * The bus as `npm start` runs it: a private nats-server with the generated users and permissions
 * (libs/messaging/src/nats-auth.ts), every service and the gateway on their own credentials.
 * Only the gateway's user can reach the admin-account RPCs; the product still works end to end.
 */

const { driversRpc } = contracts;

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

  const deployed = 'deploy/nats/nats-server.conf';

  it('is what docker-compose mounts (regenerate with `node scripts/nats-config.mjs > deploy/nats/nats-server.conf`)', () => {
    expect(readFileSync(deployed, 'utf8')).toBe(natsAuthConfig({ prefix: 'limo' }));
  });

  it('takes the passwords from the environment and refuses to start without them', () => {
    const test = (env: Record<string, string>) => spawnSync('nats-server', ['-t', '-c', deployed], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
    const passwords = newNatsPasswordEnv();
    expect(test(passwords).status).toBe(0);
    const { NATS_GATEWAY_PASSWORD: _left, ...missing } = passwords;
    const refused = test(missing);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/NATS_GATEWAY_PASSWORD/);
  });
});

describe('NATS with authentication and per-service permissions', () => {
  let product: ProductProcesses;
  const connections: NatsConnection[] = [];
  const adminPassword = `pw-${randomBytes(9).toString('base64url')}`;
  const intruder = { username: `intruder-${randomBytes(3).toString('hex')}`, password: `pw-${randomBytes(9).toString('base64url')}` };

  beforeAll(async () => {
    product = await startProductProcesses({
      services: ['fleet', 'booking', 'drivers', 'reporting', 'notifications'],
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
  const connectAs = async (user: NatsUser) => {
    const { password } = nats().credentials[user];
    const nc = await connectNats(nats().url, `test-${user}`, { user, password });
    connections.push(nc);
    return nc;
  };
  const rpcAs = async (user: NatsUser) => new RpcClient(await connectAs(user), { prefix: prefix(), timeoutMs: 3000 });
  const intruderIsAdmin = async () => (await (await rpcAs('gateway')).request(driversRpc.verifyAdmin, intruder)).valid;

  it('refuses a connection without credentials, or with a wrong password', async () => {
    await expect(connect({ servers: nats().url, reconnect: false })).rejects.toThrow(/Authorization Violation/i);
    await expect(connect({ servers: nats().url, reconnect: false, user: 'gateway', pass: 'not-the-password' })).rejects.toThrow(/Authorization Violation/i);
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
    expect(nats().output()).toMatch(new RegExp(`Publish Violation - User "${user}", Subject "${subject.replace(/\./g, '\\.')}"`));
    expect(await intruderIsAdmin()).toBe(false);
  });

  it("does not let a service publish another service's events or delete the event stream", async () => {
    const nc = await connectAs('fleet');
    await expect(nc.request(`${prefix()}.evt.booking.booking.created.v1`, '{}', { timeout: 2000 })).rejects.toThrow(/permissions violation/i);
    await expect(nc.request(`$JS.API.STREAM.DELETE.${eventStreamName(prefix())}`, '', { timeout: 2000 })).rejects.toThrow(/permissions violation/i);
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
    expect(await redriveDeadLetters(nc, prefix())).toBe(0);
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
    const violations = nats()
      .output()
      .split('\n')
      // Those of this test's own intruding connections (`test-<user>`) aside.
      .filter((line) => /Violation/.test(line) && !/"[^"]*:test-(fleet|booking|reporting|ops)"/.test(line));
    expect(violations).toEqual([]);
  });
});
