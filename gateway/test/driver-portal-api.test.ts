import request from 'supertest';
import { Redis } from 'ioredis';
import { addDays, businessToday, fromCents, toCents, type CurrentShift, type DriverRevenueReport, type DriverRide } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, NEW_PASSWORD, registerDriver, signedInDriver, type DriverAgent } from '../../tests/support/drivers.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';
import { RouteTable } from '../src/auth/route-table.js';

/**
 * The driver portal against the whole stack (decisions.md, "Driver sign-in"; the driver portal
 * issue): sign-in and the password-change gate, sessions (revocation, forgery, expiry), the
 * driver's own calls, authorization across drivers, throttling that cannot lock an owner out.
 */
describe('driver portal', () => {
  // Low limits so the throttle shows within a few requests; loopback proxies so tests can
  // speak for other addresses with X-Forwarded-For.
  const stack = withStack({ env: { AUTH_MAX_FAILURES_PER_IP: '5', AUTH_MAX_FAILURES_PER_USER: '3', TRUSTED_PROXIES: 'loopback' } });
  const admin = () => adminAuth(stack);


  const login = (agent: DriverAgent, username: string, password: string, ip = '198.51.100.1') =>
    agent.post('/api/drivers/login').set('X-Forwarded-For', ip).send({ username, password });

  describe('signing in', () => {
    it('signs in with the temporary password into a session that can only change the password', async () => {
      const driver = await registerDriver(stack);
      const agent = request.agent(stack.baseUrl);
      const res = await login(agent, `  ${driver.username} `, driver.temporaryPassword).expect(200);
      expect(res.body).toMatchObject({ mustChangePassword: true, driver: { id: driver.id, username: driver.username, rating: '5.00' } });
      expect(JSON.stringify(res.body)).not.toMatch(/hash|scrypt|temporaryPassword/i);
      const cookie = res.headers['set-cookie'] as unknown as string[];
      expect(cookie.find((c) => c.startsWith('limo_driver='))).toMatch(/HttpOnly/i);
      expect(cookie.find((c) => c.startsWith('limo_driver='))).toMatch(/SameSite=Strict/i);
      for (const [method, path] of [
        ['get', '/api/drivers/current/shift'],
        ['post', '/api/drivers/current/toggle-duty'],
        ['get', '/api/drivers/current/bookings'],
        ['get', '/api/bookings/week-outlook'],
      ] as const) {
        const blocked = await agent[method](path).expect(403);
        expect(blocked.body).toEqual({ statusCode: 403, message: 'Password change required' });
      }
      await agent.get('/api/drivers/current').expect(200);
    });

    it('enforces the password rules with the spec\'s messages, then opens everything', async () => {
      const driver = await registerDriver(stack);
      const agent = request.agent(stack.baseUrl);
      await login(agent, driver.username, driver.temporaryPassword).expect(200);
      const change = (body: Record<string, unknown>) => agent.post('/api/drivers/current/password').send(body);
      const messageOf = async (body: Record<string, unknown>) => (await change(body).expect(400)).body.message as string;
      expect(await messageOf({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBe('currentPassword: Current password is required');
      expect(await messageOf({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' })).toMatch(/New password must be at least 6 characters/);
      expect(await messageOf({ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: '' })).toMatch(/Password confirmation is required/);
      expect(await messageOf({ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toBe("confirmPassword: Passwords don't match");
      expect(await messageOf({ currentPassword: 'wrong', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toBe('Current password is incorrect');
      expect(await messageOf({ currentPassword: driver.temporaryPassword, newPassword: driver.temporaryPassword, confirmPassword: driver.temporaryPassword })).toBe(
        'The new password must be different from the current one',
      );
      const done = await change({ currentPassword: driver.temporaryPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }).expect(200);
      expect(done.body.mustChangePassword).toBe(false);
      await agent.get('/api/drivers/current/shift').expect(200);
      // The temporary password no longer works; the new one does.
      await login(request.agent(stack.baseUrl), driver.username, driver.temporaryPassword).expect(401);
      await login(request.agent(stack.baseUrl), driver.username, NEW_PASSWORD).expect(200);
    });

    it('says the same for an unknown username and a wrong password, and tells an unapproved driver to wait', async () => {
      const driver = await registerDriver(stack);
      const wrong = await login(request.agent(stack.baseUrl), driver.username, 'not-it', '198.51.100.2').expect(401);
      const unknown = await login(request.agent(stack.baseUrl), 'nobody-here', 'not-it', '198.51.100.2').expect(401);
      expect(wrong.body).toEqual({ statusCode: 401, message: 'Invalid username or password' });
      expect(unknown.body).toEqual(wrong.body);
      const self = await request(stack.baseUrl)
        .post('/api/register-driver')
        .set('X-Forwarded-For', '198.51.100.3')
        .send({ firstName: 'Sam', lastName: 'Selfie', email: `sam-${Date.now()}@example.com`, phone: '3105550111', licenseNumber: 'D9', address: '1 Main St' })
        .expect(201);
      const pending = await login(request.agent(stack.baseUrl), self.body.username, self.body.temporaryPassword, '198.51.100.3').expect(403);
      expect(pending.body.message).toMatch(/administrator to approve/);
    });

    it('refuses bad input with a clear 400 and writes nothing', async () => {
      for (const body of [{}, { username: '', password: 'x' }, { username: 'x', password: '   ' }, { username: 'x', password: 'y', extra: 1 }, { username: 7, password: 'y' }]) {
        const res = await request(stack.baseUrl).post('/api/drivers/login').send(body).expect(400);
        expect(res.body.statusCode).toBe(400);
      }
    });
  });

  describe('sessions', () => {
    it('ends the session on logout, and a forged or stranger\'s cookie opens nothing', async () => {
      const { agent } = await signedInDriver(stack, { onDuty: false });
      await agent.get('/api/drivers/current').expect(200);
      await agent.post('/api/drivers/logout').expect(204);
      await agent.get('/api/drivers/current').expect(401);
      for (const cookie of ['limo_driver=forged-token-value-that-is-long-enough', 'limo_driver=', 'limo_driver=%00%01', 'other=1']) {
        const res = await request(stack.baseUrl).get('/api/drivers/current').set('Cookie', cookie).expect(401);
        expect(res.body).toEqual({ statusCode: 401, message: 'Please sign in to continue' });
      }
    });

    it('ends every session of a driver whose password an admin resets; the new temporary password must be changed', async () => {
      const { agent, driver } = await signedInDriver(stack, { onDuty: false });
      const second = request.agent(stack.baseUrl);
      await login(second, driver.username, NEW_PASSWORD).expect(200);
      const reset = await request(stack.baseUrl).post(`/api/admin/drivers/${driver.id}/reset-password`).set('Authorization', admin()).expect(200);
      expect(reset.body).toMatchObject({ driverId: driver.id, username: driver.username, temporaryPassword: expect.any(String) });
      await agent.get('/api/drivers/current').expect(401);
      await second.get('/api/drivers/current').expect(401);
      await login(request.agent(stack.baseUrl), driver.username, NEW_PASSWORD).expect(401);
      const again = request.agent(stack.baseUrl);
      expect((await login(again, driver.username, reset.body.temporaryPassword).expect(200)).body.mustChangePassword).toBe(true);
      await again.get('/api/drivers/current/shift').expect(403);
    });

    it('signs out a driver an admin deactivates', async () => {
      const { agent, driver } = await signedInDriver(stack, { onDuty: false });
      await request(stack.baseUrl).patch(`/api/admin/drivers/${driver.id}`).set('Authorization', admin()).send({ isActive: false }).expect(200);
      await agent.get('/api/drivers/current').expect(401);
      expect((await login(request.agent(stack.baseUrl), driver.username, NEW_PASSWORD).expect(403)).body.message).toMatch(/approve/);
    });

    it('signs out a deactivated driver whose session is in use longer than a session lasts unused', async () => {
      const { agent, driver } = await signedInDriver(stack, { onDuty: false });
      const redis = new Redis(stack.env.gatewayConfig.REDIS_URL);
      try {
        // As if the sign-in were 12 hours ago: the driver's set of sessions would expire in a
        // second, while the session, in use all along, would not.
        await redis.expire(`${stack.env.id}:driver-sessions:${driver.id}`, 1);
        await agent.get('/api/drivers/current').expect(200);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await request(stack.baseUrl).patch(`/api/admin/drivers/${driver.id}`).set('Authorization', admin()).send({ isActive: false }).expect(200);
        await agent.get('/api/drivers/current').expect(401);
      } finally {
        redis.disconnect();
      }
    });

    it('refuses every driver route of the route table without a session, even with admin credentials', async () => {
      const routes = stack.gateway.get(RouteTable).list().filter((r) => r.driverOnly);
      expect(routes.length).toBeGreaterThanOrEqual(14);
      for (const route of routes) {
        const path = route.path.replace(/:id/g, '1');
        const method = route.method.toLowerCase() as 'get' | 'post' | 'put';
        for (const auth of [undefined, admin()]) {
          const req = request(stack.baseUrl)[method](path);
          if (auth) req.set('Authorization', auth);
          const res = await req.send(route.takesBody ? {} : undefined);
          expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
        }
      }
    });

    it('keeps sessions and admin credentials apart', async () => {
      const { agent } = await signedInDriver(stack, { onDuty: false });
      await agent.get('/api/admin/stats').expect(401);
      await agent.get('/api/drivers').expect(401);
      await request(stack.baseUrl).get('/api/drivers/current').set('Authorization', admin()).expect(401);
      await request(stack.baseUrl).post('/api/drivers/current/toggle-duty').set('Authorization', admin()).expect(401);
      await request(stack.baseUrl).get('/api/bookings/week-outlook').set('Authorization', admin()).expect(401);
    });

    it('keeps only a hash of the session token in Redis, expiring 12 hours after the last use', async () => {
      const { agent } = await signedInDriver(stack, { onDuty: false });
      const redis = new Redis(stack.env.gatewayConfig.REDIS_URL);
      try {
        const keys = await redis.keys(`${stack.env.id}:driver-session:*`);
        expect(keys.length).toBeGreaterThan(0);
        const cookies = (agent as unknown as { jar: { getCookies(a: unknown): { name: string; value: string }[] } }).jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false });
        const token = cookies.find((c) => c.name === 'limo_driver')!.value;
        expect(keys.some((k) => k.includes(token))).toBe(false);
        for (const key of keys) expect(await redis.ttl(key)).toBeGreaterThan(11 * 3600);
      } finally {
        redis.disconnect();
      }
    });
  });

  describe('the driver\'s own calls', () => {
    it('opens and closes a shift with duty, and records the position while on duty', async () => {
      const { agent, driver } = await signedInDriver(stack, { onDuty: false });
      expect(((await agent.get('/api/drivers/current/shift').expect(200)).body as CurrentShift)).toMatchObject({ isOnDuty: false, shift: null, today: { rides: 0, earnings: '0.00' } });
      expect((await agent.post('/api/drivers/current/location').send({ latitude: 34.05, longitude: -118.25 }).expect(409)).body.message).toBe('Go on duty to share your location');
      await agent.post('/api/drivers/current/toggle-duty').expect(200);
      const shift = (await agent.get('/api/drivers/current/shift').expect(200)).body as CurrentShift;
      expect(shift).toMatchObject({ isOnDuty: true, shift: { hoursWorked: 0 } });
      const moved = await agent.post('/api/drivers/current/location').send({ latitude: 34.052235, longitude: -118.243683, accuracy: 12 }).expect(200);
      expect(moved.body).toMatchObject({ currentLatitude: '34.05223500', currentLongitude: '-118.24368300', locationPermissionGranted: true });
      const locations = (await request(stack.baseUrl).get('/api/drivers/locations').set('Authorization', admin()).expect(200)).body;
      expect(locations[0]).toMatchObject({ id: driver.id, currentLatitude: '34.05223500' });
      for (const bad of [{ latitude: 91, longitude: 0 }, { latitude: 0, longitude: -181 }, { latitude: '34', longitude: 1 }, { latitude: 1 }, { latitude: 1, longitude: 1, accuracy: -1 }]) {
        await agent.post('/api/drivers/current/location').send(bad).expect(400);
      }
      await agent.post('/api/drivers/current/toggle-duty').expect(200);
      expect(((await agent.get('/api/drivers/current/shift').expect(200)).body as CurrentShift).shift).toBeNull();
    });

    it('shows the driver only their own rides, and answers 404 for another driver\'s ride ids', async () => {
      const { agent: mine, driver: me } = await signedInDriver(stack);
      const { agent: theirs, driver: them } = await signedInDriver(stack);
      const myRide = await book(stack, { vehicleId: 2 }, 2, '09:00');
      const theirRide = await book(stack, { vehicleId: 3 }, 2, '09:00');
      await assign(stack, myRide.id, me.id).expect(200);
      await assign(stack, theirRide.id, them.id).expect(200);
      expect(((await mine.get('/api/drivers/current/bookings').expect(200)).body as DriverRide[]).map((r) => r.id)).toEqual([myRide.id]);
      for (const path of ['accept', 'decline', 'deny']) await mine.post(`/api/bookings/${theirRide.id}/${path}`).expect(404);
      await mine.put(`/api/bookings/${theirRide.id}/driver-status`).send({ driverStatus: 'en-route' }).expect(404);
      await mine.post('/api/bookings/abc/accept').expect(400);
      await mine.post('/api/bookings/99999999999/accept').expect(400);
      await mine.put(`/api/bookings/${myRide.id}/driver-status`).send({ driverStatus: 'teleported' }).expect(400);
      const outlook = (await theirs.get('/api/bookings/week-outlook').expect(200)).body as { days: { date: string; rides: DriverRide[] }[] };
      expect(outlook.days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(businessToday(), i)));
      expect(outlook.days[2].rides.map((r) => r.id)).toEqual([theirRide.id]);
    });

    it('reports earnings by LA day, exact to the cent, for the month and for the week', async () => {
      const { agent, driver } = await signedInDriver(stack);
      const rides = [await book(stack, { vehicleId: 1 }, 1, '06:00'), await book(stack, { vehicleId: 2, meetGreet: false, tripType: 'hourly', duration: 4, dropoffLocation: '' }, 1, '13:00')];
      let expected = 0;
      for (const ride of rides) {
        await assign(stack, ride.id, driver.id).expect(200);
        await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
        for (const status of ['en-route', 'picked-up', 'dropped-off']) await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: status }).expect(200);
        const done = (await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: 'completed' }).expect(200)).body as DriverRide;
        expected += toCents(done.driverEarnings!);
      }
      const today = businessToday();
      const [year, month] = today.split('-').map(Number);
      const monthly = await eventually(async () => {
        const report = (await agent.get(`/api/drivers/current/revenue/monthly?month=${month}&year=${year}`).expect(200)).body as DriverRevenueReport;
        return report.totals.rides === 2 ? report : undefined;
      }, 10_000, 'the earnings to reach the drivers service');
      expect(monthly.totals.earnings).toBe(fromCents(expected));
      expect(monthly.days.find((d) => d.date === today)).toMatchObject({ rides: 2, earnings: fromCents(expected) });
      // Today is the last day listed: days still to come are not results.
      expect(monthly.days).toHaveLength(Number(today.slice(8)));
      expect(monthly.totals.averagePerRide).toBe(fromCents(Math.floor((expected * 2 + 2) / 4)));
      const week = Math.ceil((Number(today.slice(8)) + new Date(Date.UTC(year, month - 1, 1)).getUTCDay()) / 7);
      const weekly = (await agent.get(`/api/drivers/current/revenue/weekly?week=${week}&month=${month}&year=${year}`).expect(200)).body as DriverRevenueReport;
      expect(weekly.totals).toMatchObject({ rides: 2, earnings: fromCents(expected) });
      expect(weekly.days.map((d) => d.date)).toContain(today);
      // The Daily Average divides by the week's days so far, the last of them today.
      expect(weekly.days.at(-1)!.date).toBe(today);
      expect(weekly.totals.averagePerDay).toBe(fromCents(Math.floor((expected * 2 + weekly.days.length) / (weekly.days.length * 2))));
      const ahead = (await agent.get(`/api/drivers/current/revenue/weekly?week=1&month=${month}&year=${year + 1}`).expect(200)).body as DriverRevenueReport;
      expect(ahead.days).toEqual([]);
      expect(ahead.totals).toMatchObject({ earnings: '0.00', rides: 0, averagePerDay: '0.00' });
      const shift = (await agent.get('/api/drivers/current/shift').expect(200)).body as CurrentShift;
      expect(shift.today).toEqual({ date: today, rides: 2, earnings: fromCents(expected) });
      await agent.get('/api/drivers/current/revenue/monthly?month=13&year=2026').expect(400);
      await agent.get('/api/drivers/current/revenue/weekly?week=0').expect(400);
      await agent.get('/api/drivers/current/revenue/weekly?week=6&month=2&year=2026').expect(400);
    });

    it('keeps a driver\'s earnings with them after the driver is deactivated', async () => {
      const { agent, driver } = await signedInDriver(stack);
      const ride = await book(stack, { vehicleId: 4 }, 3, '20:00');
      await assign(stack, ride.id, driver.id).expect(200);
      await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
      for (const status of ['en-route', 'picked-up', 'dropped-off', 'completed']) await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: status }).expect(200);
      await eventually(async () => (await agent.get('/api/drivers/current').expect(200)).body.driver.totalRides === 1, 10_000, 'the totals');
      await request(stack.baseUrl).patch(`/api/admin/drivers/${driver.id}`).set('Authorization', admin()).send({ isActive: false }).expect(200);
      const after = (await request(stack.baseUrl).get(`/api/admin/drivers/${driver.id}`).set('Authorization', admin()).expect(200)).body;
      expect(after).toMatchObject({ totalRides: 1, isActive: false });
      expect(toCents(after.totalEarnings)).toBeGreaterThan(0);
    });
  });

  describe('throttling', () => {
    it('slows guessing at one username, but never keeps out the owner from a browser that signed in before', async () => {
      const { driver } = await signedInDriver(stack, { onDuty: false });
      const owner = request.agent(stack.baseUrl);
      await login(owner, driver.username, NEW_PASSWORD, '203.0.113.10').expect(200); // its known-device cookie
      for (let i = 0; i < 4; i++) await login(request.agent(stack.baseUrl), driver.username, `guess-${i}`, `203.0.113.${20 + i}`);
      const throttled = await login(request.agent(stack.baseUrl), driver.username, `guess-x`, '203.0.113.30').expect(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect(throttled.body.message).toMatch(/^Too many attempts, try again in \d+ s$/);
      // The attacker cannot lock the owner out: the right password from the owner's browser works at once.
      await login(owner, driver.username, NEW_PASSWORD, '203.0.113.99').expect(200);
    });

    describe('the known-device cookie', () => {
      let ip = 0;
      /** An address nobody has used yet, so that only the username's counter is at work. */
      const fresh = () => `198.18.${Math.floor(++ip / 250)}.${ip % 250}`;
      const deviceOf = (res: request.Response) =>
        ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('limo_driver_device='))?.split(';')[0];
      /** Strangers fail at the username from addresses of their own until it is delayed. */
      const strangersFail = async (username: string) => {
        for (let i = 0; i < 3; i++) await login(request.agent(stack.baseUrl), username, `guess-${i}`, fresh()).expect(401);
        await login(request.agent(stack.baseUrl), username, 'guess-x', fresh()).expect(429);
      };

      it('is a value of its own for each browser that signs in', async () => {
        const { driver } = await signedInDriver(stack, { onDuty: false });
        const first = deviceOf(await login(request.agent(stack.baseUrl), driver.username, NEW_PASSWORD, fresh()).expect(200));
        const second = deviceOf(await login(request.agent(stack.baseUrl), driver.username, NEW_PASSWORD, fresh()).expect(200));
        expect(first).toMatch(/^limo_driver_device=[A-Za-z0-9_-]{43}$/);
        expect(second).toMatch(/^limo_driver_device=[A-Za-z0-9_-]{43}$/);
        expect(second).not.toBe(first);
      });

      it('spares no one the address\'s limit', async () => {
        const { driver } = await signedInDriver(stack, { onDuty: false });
        const owner = request.agent(stack.baseUrl);
        await login(owner, driver.username, NEW_PASSWORD, fresh()).expect(200);
        const shared = fresh();
        for (let i = 0; i < 5; i++) await login(owner, driver.username, `wrong-${i}`, shared);
        const held = await login(owner, driver.username, 'wrong-x', shared).expect(429);
        expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(60);
      });

      it('keeps its holder in the username\'s throttle after a few wrong passwords, until a right one', async () => {
        const { driver } = await signedInDriver(stack, { onDuty: false });
        const holder = request.agent(stack.baseUrl);
        await login(holder, driver.username, NEW_PASSWORD, fresh()).expect(200);
        for (let i = 0; i < 3; i++) await login(holder, driver.username, `wrong-${i}`, fresh()).expect(401);
        // Three wrong passwords with it: it no longer vouches, and the username's failures hold it.
        const held = await login(holder, driver.username, 'wrong-x', fresh()).expect(429);
        await new Promise((r) => setTimeout(r, Number(held.headers['retry-after']) * 1000 + 200));
        await login(holder, driver.username, NEW_PASSWORD, fresh()).expect(200);
        // The right password made it the owner's again: others' failures do not hold it.
        await strangersFail(driver.username);
        await login(holder, driver.username, NEW_PASSWORD, fresh()).expect(200);
      });

      it('ends with a password reset and with a deactivation', async () => {
        for (const end of ['reset', 'deactivation'] as const) {
          const { driver } = await signedInDriver(stack, { onDuty: false });
          const owner = request.agent(stack.baseUrl);
          await login(owner, driver.username, NEW_PASSWORD, fresh()).expect(200);
          let password = NEW_PASSWORD;
          if (end === 'reset') {
            password = (await request(stack.baseUrl).post(`/api/admin/drivers/${driver.id}/reset-password`).set('Authorization', admin()).expect(200)).body.temporaryPassword;
          } else {
            await request(stack.baseUrl).patch(`/api/admin/drivers/${driver.id}`).set('Authorization', admin()).send({ isActive: false }).expect(200);
            await request(stack.baseUrl).patch(`/api/admin/drivers/${driver.id}`).set('Authorization', admin()).send({ isActive: true }).expect(200);
          }
          await strangersFail(driver.username);
          // The browser's old cookie vouches no more: it waits with everyone else.
          await login(owner, driver.username, password, fresh()).expect(429);
        }
      });
    });

    it('lets the right password in within a minute of a burst of others\' failures from the same address', async () => {
      const { driver } = await signedInDriver(stack, { onDuty: false });
      const shared = '192.0.2.77';
      for (let i = 0; i < 7; i++) await login(request.agent(stack.baseUrl), `someone${i}`, 'nope', shared);
      const blocked = await login(request.agent(stack.baseUrl), driver.username, NEW_PASSWORD, shared).expect(429);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      await new Promise((r) => setTimeout(r, Number(blocked.headers['retry-after']) * 1000 + 200));
      await login(request.agent(stack.baseUrl), driver.username, NEW_PASSWORD, shared).expect(200);
    }, 90_000);
  });
});

describe('driver session expiry', () => {
  // 0.001 h = 3.6 s of inactivity.
  const stack = withStack({ services: ['drivers'], env: { DRIVER_SESSION_HOURS: '0.001' } });

  it('keeps a session alive while it is used and ends it after the idle time', async () => {
    const driver = await registerDriver(stack);
    const agent = request.agent(stack.baseUrl);
    await agent.post('/api/drivers/login').send({ username: driver.username, password: driver.temporaryPassword }).expect(200);
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 2000));
      await agent.get('/api/drivers/current').expect(200);
    }
    await new Promise((r) => setTimeout(r, 4500));
    await agent.get('/api/drivers/current').expect(401);
  }, 30_000);
});
