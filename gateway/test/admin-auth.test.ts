import pg from 'pg';
import request from 'supertest';
import { readGatewayConfig } from '@limo/gateway';
import { RouteTable } from '../src/auth/route-table.js';
import { AdminAuthenticator } from '../src/auth/admin-authenticator.js';
import { adminAuth, basicAuth } from '../../tests/support/admin-auth.js';
import { withStack } from '../../tests/support/fixtures.js';

const PASSWORD_WITH_COLONS = `s3cret:with:colons-${Date.now()}`;

/** Paths of the spec's admin-only calls (section 7) and of the admin API added beside them. */
const SPEC_ADMIN_CALLS = [
  'GET /api/admin/stats',
  'GET /api/admin/notifications',
  'GET /api/admin/revenue/daily',
  'GET /api/admin/revenue/monthly',
  'GET /api/drivers',
  'GET /api/drivers/locations',
];
const ADMIN_WHEN_PRESENT = ['GET /api/bookings', 'GET /api/bookings/pending', 'PATCH /api/bookings/:id', 'GET /api/admin/bookings'];

describe('admin authentication at the gateway', () => {
  // A proxy on loopback (the test itself) speaks for other addresses with X-Forwarded-For.
  const stack = withStack({
      services: ['drivers', 'reporting', 'fleet', 'booking'],
      env: {
        ADMIN_PASSWORD: PASSWORD_WITH_COLONS,
        AUTH_MAX_FAILURES_PER_USER: '3',
        AUTH_MAX_FAILURES_PER_IP: '5',
        AUTH_FAILURE_WINDOW_S: '120',
        TRUSTED_PROXIES: 'loopback',
      },
    });

  const routes = () => stack.gateway.get(RouteTable).list();
  const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name) => (name === 'file' ? 'revenue.csv' : '1'));
  const send = (method: string, path: string) =>
    (request(stack.baseUrl) as unknown as Record<string, (p: string) => request.Test>)[method.toLowerCase()](path);

  describe('authentication', () => {
    it('refuses every admin route of the route table without credentials, with 401 and WWW-Authenticate: Basic', async () => {
      const admin = routes().filter((r) => r.adminOnly);
      const listed = new Set(admin.map((r) => `${r.method} ${r.path}`));
      for (const call of SPEC_ADMIN_CALLS) expect(listed).toContain(call);
      for (const call of ADMIN_WHEN_PRESENT) {
        const route = routes().find((r) => `${r.method} ${r.path}` === call);
        if (route) expect(route).toMatchObject({ adminOnly: true });
      }
      expect(admin.length).toBeGreaterThanOrEqual(10);
      for (const route of admin) {
        const res = await send(route.method, concrete(route.path)).send();
        expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
        expect(res.headers['www-authenticate']).toMatch(/^Basic realm="[^"]+"/);
        expect(res.body).toEqual({ statusCode: 401, message: expect.stringMatching(/authentication required/i) });
      }
    });

    it("sends no Basic challenge to the web app's own calls, so the browser never opens its login prompt", async () => {
      const res = await request(stack.baseUrl)
        .get('/api/admin/stats')
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('X-Forwarded-For', '198.51.100.9')
        .set('Authorization', basicAuth('admin', 'not-the-password'))
        .expect(401);
      expect(res.headers['www-authenticate']).toBeUndefined();
      expect(res.body).toEqual({ statusCode: 401, message: expect.stringMatching(/authentication required/i) });
    });

    it('refuses a malformed or non-Basic Authorization header', async () => {
      for (const header of ['Bearer abc', 'Basic', 'Basic !!!', basicAuth('admin', '').replace(/=+$/, '')]) {
        const res = await request(stack.baseUrl).get('/api/admin/stats').set('Authorization', header).expect(401);
        expect(res.headers['www-authenticate']).toMatch(/^Basic /);
      }
    });

    it('answers credentials with control characters (a NUL was a 500 from Postgres) as wrong ones: 401', async () => {
      // Other usernames than the admin's: each failure counts, and three would lock it for the other tests.
      for (const [username, password] of [['admin\u0000', 'x'], ['ctl-one', 'pass\u0000word'], ['ad\u001bmin', 'x'], ['ctl-two', 'x\u0085']]) {
        const res = await request(stack.baseUrl).get('/api/admin/stats').set('X-Forwarded-For', '198.51.100.20').set('Authorization', basicAuth(username, password));
        expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { statusCode: 401, message: expect.stringMatching(/authentication required/i) } });
      }
    });

    it('lets the configured admin in, with a password containing colons', async () => {
      const res = await request(stack.baseUrl).get('/api/admin/stats').set('Authorization', adminAuth(stack)).expect(200);
      expect(res.body).toMatchObject({ totalBookings: expect.any(Number), pendingRequests: expect.any(Number) });
    });

    it('answers a wrong password and an unknown username alike, with 401', async () => {
      const wrong = await request(stack.baseUrl)
        .get('/api/admin/stats')
        .set('X-Forwarded-For', '198.51.100.1')
        .set('Authorization', basicAuth('admin', 'not-the-password'))
        .expect(401);
      const unknown = await request(stack.baseUrl)
        .get('/api/admin/stats')
        .set('X-Forwarded-For', '198.51.100.1')
        .set('Authorization', basicAuth('nobody', 'not-the-password'))
        .expect(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.headers['www-authenticate']).toBe(wrong.headers['www-authenticate']);
    });

    it('never stores the admin password in clear: only a salted scrypt hash', async () => {
      const client = new pg.Client({ connectionString: stack.env.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(`SELECT username, password_hash FROM drivers.admins`);
        expect(rows).toHaveLength(1);
        expect(rows[0].username).toBe('admin');
        expect(rows[0].password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
        expect(rows[0].password_hash).not.toContain(PASSWORD_WITH_COLONS);
      } finally {
        await client.end();
      }
    });
  });

  describe('throttling', () => {
    it('throttles repeated failures for one username from any address, with 429 and Retry-After', async () => {
      for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        await request(stack.baseUrl).get('/api/admin/stats').set('X-Forwarded-For', ip).set('Authorization', basicAuth('mallory', 'guess')).expect(401);
      }
      const res = await request(stack.baseUrl)
        .get('/api/admin/stats')
        .set('X-Forwarded-For', '203.0.113.4')
        .set('Authorization', basicAuth('mallory', 'another guess'))
        .expect(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(120);
      expect(res.body).toEqual({ statusCode: 429, message: expect.stringMatching(/too many failed login attempts/i) });
    });

    it('throttles one address trying many usernames, and not other addresses', async () => {
      for (let i = 0; i < 5; i++) {
        await request(stack.baseUrl).get('/api/admin/stats').set('X-Forwarded-For', '192.0.2.50').set('Authorization', basicAuth(`user${i}`, 'x')).expect(401);
      }
      await request(stack.baseUrl).get('/api/admin/stats').set('X-Forwarded-For', '192.0.2.50').set('Authorization', basicAuth('user99', 'x')).expect(429);
      await request(stack.baseUrl).get('/api/admin/stats').set('X-Forwarded-For', '192.0.2.51').set('Authorization', adminAuth(stack)).expect(200);
    });

    it("gives each browser a known-device cookie of its own, which keeps a holder in the username's throttle after a few wrong passwords", async () => {
      const { ADMIN_USERNAME } = stack.env.gatewayConfig;
      const deviceOf = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('limo_admin_device='))?.split(';')[0];
      const signIn = async (browser: ReturnType<typeof request.agent>, ip: string) => {
        stack.gateway.get(AdminAuthenticator).clearCache();
        return browser.get('/api/admin/stats').set('X-Forwarded-For', ip).set('Authorization', adminAuth(stack)).expect(200);
      };
      const holder = request.agent(stack.baseUrl);
      const first = deviceOf(await signIn(holder, '198.18.1.1'));
      const second = deviceOf(await signIn(request.agent(stack.baseUrl), '198.18.1.2'));
      expect(first).toMatch(/^limo_admin_device=[A-Za-z0-9_-]{43}$/);
      expect(second).toMatch(/^limo_admin_device=[A-Za-z0-9_-]{43}$/);
      expect(second).not.toBe(first);
      for (let i = 0; i < 3; i++) {
        await holder.get('/api/admin/stats').set('X-Forwarded-For', `198.18.1.${10 + i}`).set('Authorization', basicAuth(ADMIN_USERNAME!, `guess ${i}`)).expect(401);
      }
      const held = await holder.get('/api/admin/stats').set('X-Forwarded-For', '198.18.1.20').set('Authorization', basicAuth(ADMIN_USERNAME!, 'guess x')).expect(429);
      // The right password after the wait: the username's failures end, the cookie vouches again.
      await new Promise((r) => setTimeout(r, Number(held.headers['retry-after']) * 1000 + 200));
      await signIn(holder, '198.18.1.21');
    });

    it('never keeps the admin out of a browser that signed in before, whatever others fail on the username', async () => {
      const { ADMIN_USERNAME, ADMIN_PASSWORD } = stack.env.gatewayConfig;
      const browser = request.agent(stack.baseUrl);
      // A browser gets its known-device cookie when the password is verified, not from the credential cache.
      stack.gateway.get(AdminAuthenticator).clearCache();
      await browser.get('/api/admin/stats').set('X-Forwarded-For', '198.51.100.200').set('Authorization', adminAuth(stack)).expect(200);
      for (let i = 0; i < 6; i++) {
        await request(stack.baseUrl).get('/api/admin/stats').set('X-Forwarded-For', `203.0.113.${150 + i}`).set('Authorization', basicAuth(ADMIN_USERNAME!, `guess ${i}`));
      }
      stack.gateway.get(AdminAuthenticator).clearCache();
      // A stranger with the right password (a new browser, a new address) waits...
      const stranger = await request(stack.baseUrl).get('/api/admin/stats').set('X-Forwarded-For', '203.0.113.170').set('Authorization', basicAuth(ADMIN_USERNAME!, ADMIN_PASSWORD!)).expect(429);
      expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
      // ...the admin's own browser does not, from wherever it is now.
      await browser.get('/api/admin/stats').set('X-Forwarded-For', '203.0.113.171').set('Authorization', adminAuth(stack)).expect(200);
    });

    it('keeps its counters in Redis under the run prefix', async () => {
      const { Redis } = await import('ioredis');
      const redis = new Redis(stack.env.gatewayConfig.REDIS_URL);
      try {
        const keys = await redis.keys(`${stack.env.id}:auth:fail:*`);
        expect(keys.length).toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
    });
  });

  describe('configuration', () => {
    it('refuses to start in production without the first admin credentials', () => {
      const production = { NODE_ENV: 'production', LINK_SIGNING_SECRET: 'y'.repeat(32) };
      expect(() => readGatewayConfig(production)).toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD must be set/);
      expect(() => readGatewayConfig({ ...production, ADMIN_USERNAME: 'boss' })).toThrow(/must be set/);
      expect(() => readGatewayConfig({ ...production, ADMIN_USERNAME: '', ADMIN_PASSWORD: '' })).toThrow(/must be set/);
      expect(() => readGatewayConfig({ ...production, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toThrow(/at least 12/);
      expect(
        readGatewayConfig({ NODE_ENV: 'production', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'a-long-enough-secret', LINK_SIGNING_SECRET: 'y'.repeat(32) }).ADMIN_USERNAME,
      ).toBe('boss');
      expect(readGatewayConfig({ NODE_ENV: 'development', LINK_SIGNING_SECRET: 'y'.repeat(32) }).ADMIN_USERNAME).toBeUndefined();
    });

    it('refuses to start without the link-signing secret in any environment: no value from the source signs customer links', () => {
      for (const NODE_ENV of ['development', 'test', 'production']) {
        expect(() => readGatewayConfig({ NODE_ENV, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'a-long-enough-secret' })).toThrow(/LINK_SIGNING_SECRET must be set/);
        expect(() => readGatewayConfig({ NODE_ENV, LINK_SIGNING_SECRET: '' })).toThrow(/LINK_SIGNING_SECRET must be set/);
      }
      expect(() => readGatewayConfig({ LINK_SIGNING_SECRET: 'short' })).toThrow(/at least 32 characters/);
    });
  });

  describe('verified credentials are cached', () => {
    it('keeps serving a recently verified admin while the account service is down, and refuses others', async () => {
      await request(stack.baseUrl).get('/api/admin/notifications').set('Authorization', adminAuth(stack)).expect(200);
      await stack.stopService('drivers');
      await request(stack.baseUrl).get('/api/admin/notifications').set('Authorization', adminAuth(stack)).expect(200);
      const other = await request(stack.baseUrl)
        .get('/api/admin/notifications')
        .set('X-Forwarded-For', '198.51.100.77')
        .set('Authorization', basicAuth('admin', 'wrong'))
        .expect(503);
      expect(other.body.message).toMatch(/drivers service is unavailable/);
    });
  });
});
