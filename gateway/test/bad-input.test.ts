import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { addDays, businessToday } from '@limo/contracts';
import { RouteTable } from '../src/auth/route-table.js';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { signedInDriver } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * Every route that takes a body or a path id, generated from the gateway's route table, fed
 * with input no client should send: each must answer a 4xx in the API's error format, never a
 * 500 and never a hang.
 */
describe('bad input on every route', () => {
  const stack = withStack();
  let routes: { method: string; path: string; takesBody: boolean; driverOnly: boolean }[];
  let driverCookie: string;

  beforeAll(async () => {
    // Streams answer without end: their input is the path alone, checked by the auth tests.
    routes = stack.gateway.get(RouteTable).list().filter((r) => !r.streams);
    const { agent } = await signedInDriver(stack);
    const jar = (agent as unknown as { jar: { getCookies(a: unknown): { name: string; value: string }[] } }).jar;
    driverCookie = jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false }).map((c) => `${c.name}=${c.value}`).join('; ');
  }, 60_000);

  const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1');
  /** Each route with the credentials it takes: a driver's session on driver routes, the admin's elsewhere. */
  const send = (method: string, path: string) => {
    const req = (request(stack.baseUrl) as unknown as Record<string, (p: string) => request.Test>)[method.toLowerCase()](path);
    const route = routes.find((r) => r.method === method && new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path.split('?')[0]));
    return route?.driverOnly ? req.set('Cookie', driverCookie) : req.set('Authorization', adminAuth(stack));
  };

  const badBodies: [string, string, string][] = [
    ['a text/plain body', 'text/plain', 'hello'],
    ['a JSON array', 'application/json', '[1,2,3]'],
    ['JSON null', 'application/json', 'null'],
    ['a JSON string', 'application/json', '"booking"'],
    ['an object of wrong types', 'application/json', '{"tripType":42,"status":[],"firstName":{},"email":true}'],
    ['deeply nested junk', 'application/json', JSON.stringify({ a: { b: { c: { d: [[[{}]]] } } } })],
  ];

  it.each(badBodies)('answers %s to every route that reads a body with a 4xx', async (_label, type, body) => {
    const writes = routes.filter((r) => r.takesBody);
    expect(writes.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const route of writes) {
      const res = await send(route.method, concrete(route.path)).set('Content-Type', type).send(body);
      const ok = res.status >= 400 && res.status < 500 && typeof res.body?.message === 'string' && res.body.statusCode === res.status;
      if (!ok) failures.push(`${route.method} ${route.path} -> ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('finds the body-reading routes from the handlers themselves', () => {
    expect(routes.filter((r) => r.takesBody).map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/bookings', 'PATCH /api/bookings/:id', 'POST /api/register-driver']),
    );
    expect(routes.find((r) => r.path.endsWith('toggle-duty'))?.takesBody).toBe(false);
  });

  it('answers malformed path ids with a 400 on every route that has one', async () => {
    const withId = routes.filter((r) => /:[A-Za-z]+/.test(r.path));
    expect(withId.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of withId) {
      for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
        const res = await send(route.method, route.path.replace(/:[A-Za-z]+/g, id)).send({});
        if (res.status !== 400 && res.status !== 404) failures.push(`${route.method} ${route.path} id=${id} -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers unknown query parameters and junk query values on every GET with a 4xx or a normal answer, never a 500', async () => {
    const gets = routes.filter((r) => r.method === 'GET' && !r.path.includes(':'));
    const failures: string[] = [];
    for (const route of gets) {
      const res = await send('GET', `${route.path}?month=x&year=%00&limit=-5&cursor=%7B&q=${'x'.repeat(5000)}&zzz=1`);
      if (res.status >= 500 && route.path !== '/api/health') failures.push(`GET ${route.path} -> ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
  });

  /**
   * Requests the route fuzz (fuzz-routes.test.ts) answered with a 500 before the contracts
   * refused control characters and bounded the list cursor: a NUL reached Postgres, which
   * refuses it in text, and a cursor past int4 reached an int4 comparison.
   */
  describe('inputs that were 500s', () => {
    const tag = () => randomBytes(3).toString('hex');
    const registration = () => ({ firstName: 'Nia', lastName: `Null${tag()}`, email: `nia-${tag()}@example.com`, phone: '3105550123', licenseNumber: `N${tag()}`, address: '1 Main St' });
    const booking = () => ({
      tripType: 'one-way',
      pickupDate: addDays(businessToday(), 3),
      pickupTime: '10:30',
      pickupLocation: 'LAX',
      dropoffLocation: 'Pasadena',
      firstName: 'Nia',
      lastName: 'Null',
      email: `nia-${tag()}@example.com`,
      phone: '3105550123',
    });
    const vehicle = { name: 'Test Sedan', category: 'sedan', description: 'Executive Sedan', capacity: 3, baseRate: '95.00', features: ['Wi-Fi'] };
    const rows = async (sql: string) => {
      const client = new pg.Client({ connectionString: stack.env.databaseUrl });
      await client.connect();
      try {
        return Number((await client.query(sql)).rows[0].count);
      } finally {
        await client.end();
      }
    };
    const expect400 = (res: request.Response, message: string) =>
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });

    it('refuses a NUL (or half of a surrogate pair) in a booking field with a 400 naming it, and books nothing', async () => {
      const before = await rows('SELECT count(*) FROM booking.bookings');
      const cases: [string, unknown, string][] = [
        ['pickupLocation', 'L\u0000AX', 'pickupLocation: Pickup location must not contain control characters'],
        ['lastName', 'Nu\u0000ll', 'lastName: Last name must not contain control characters'],
        ['specialRequests', 'Two bags\u0000', 'specialRequests: Special requests must not contain control characters'],
        ['waypoints', ['Venice', 'Santa\u0000Monica'], 'waypoints.1: Stop address must not contain control characters'],
        ['lastName', 'Lee\ud800', 'lastName: Last name must be valid Unicode text'],
      ];
      for (const [field, value, message] of cases) {
        expect400(await request(stack.baseUrl).post('/api/bookings').send({ ...booking(), [field]: value }), message);
      }
      expect(await rows('SELECT count(*) FROM booking.bookings')).toBe(before);
      // Line breaks are still fine where a person writes several lines.
      await request(stack.baseUrl).post('/api/bookings').send({ ...booking(), specialRequests: 'Two bags.\nChild seat.' }).expect(201);
    });

    it("refuses a NUL in a driver's details (registration and the admin's edit) with a 400 naming the field", async () => {
      const before = await rows('SELECT count(*) FROM drivers.drivers');
      expect400(
        await request(stack.baseUrl).post('/api/register-driver').set('Authorization', adminAuth(stack)).send({ ...registration(), firstName: 'Ni\u0000a' }),
        'firstName: First name must not contain control characters',
      );
      expect(await rows('SELECT count(*) FROM drivers.drivers')).toBe(before);
      const driver = (await request(stack.baseUrl).post('/api/register-driver').set('Authorization', adminAuth(stack)).send(registration()).expect(201)).body;
      expect400(
        await request(stack.baseUrl).patch(`/api/admin/drivers/${driver.id}`).set('Authorization', adminAuth(stack)).send({ address: '1 Main\u0000St' }),
        'address: Address must not contain control characters',
      );
    });

    it('refuses a NUL in a vehicle (add and edit) with a 400 naming the field', async () => {
      expect400(
        await request(stack.baseUrl).post('/api/admin/vehicles').set('Authorization', adminAuth(stack)).send({ ...vehicle, name: 'Sedan\u0000' }),
        'name: Name must not contain control characters',
      );
      expect400(
        await request(stack.baseUrl).patch('/api/admin/vehicles/1').set('Authorization', adminAuth(stack)).send({ features: ['Wi-Fi', 'Bar\u0000'] }),
        'features.1: Feature must not contain control characters',
      );
    });

    it('refuses a NUL in a driver sign-in with a 400 naming the field', async () => {
      expect400(await request(stack.baseUrl).post('/api/drivers/login').send({ username: 'dana\u0000', password: 'x' }), 'username: Username must not contain control characters');
      expect400(await request(stack.baseUrl).post('/api/drivers/login').send({ username: 'dana', password: 'pass\u0000' }), 'password: Password must not contain control characters');
    });

    it.each(['/api/bookings', '/api/admin/bookings', '/api/bookings/pending'])('refuses a list cursor beyond 2147483647 on %s with a 400', async (path) => {
      for (const cursor of ['2147483648', '4294967296', '99999999999999999999']) {
        expect400(await send('GET', `${path}?cursor=${cursor}`), 'cursor: cursor must be a booking id');
      }
      const last = await send('GET', `${path}?cursor=2147483647`);
      expect(last.status).toBe(200);
    });

    it('reads a booking id in a path only as decimal digits: 0xA, 1e1 or 10.0 is a 400, not booking 10', async () => {
      const created = await request(stack.baseUrl).post('/api/bookings').send(booking()).expect(201);
      const id = created.body.id as number;
      for (const spelled of [`0x${id.toString(16)}`, `${id / 10}e1`, `${id}.0`, `%20${id}`, `0o${id.toString(8)}`]) {
        const res = await send('PATCH', `/api/bookings/${spelled}`).send({ adminNotes: 'written through another spelling' });
        expect400(res, 'Booking id must be a positive integer');
        expect((await send('GET', `/api/admin/bookings/${spelled}/timeline`)).status).toBe(400);
      }
      const stored = (await send('GET', `/api/bookings?limit=5`).expect(200)).body as { id: number; adminNotes: string | null }[];
      expect(stored.find((b) => b.id === id)?.adminNotes).toBeNull();
    });

    it('refuses unknown, repeated or non-decimal parameters on the bookings lists', async () => {
      for (const query of ['limit=0x10', 'limit=1e2', 'limit=1&limit=2', 'foo=bar', 'status[]=x']) {
        expect((await send('GET', `/api/admin/bookings?${query}`)).status).toBe(400);
      }
      expect((await send('GET', '/api/bookings/pending?status=pending&q=abc')).status).toBe(400);
      expect((await send('GET', '/api/bookings/pending?limit=2')).status).toBe(200);
    });
  });
});
