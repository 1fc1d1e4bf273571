import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { fleetRpc, Vehicle } from '@limo/contracts';
import { connectNats, RpcClient } from '@limo/messaging';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

describe('GET /api/vehicles through gateway, NATS and the fleet service', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers', 'reporting', 'notifications', 'customers'] });

  it('returns the seeded fleet with every field of the spec and exact amounts', async () => {
    const res = await request(stack.baseUrl).get('/api/vehicles').expect(200);
    const vehicles = Vehicle.array().parse(res.body);
    expect(vehicles.map((v) => v.category).sort()).toEqual(['limousine', 'party-bus', 'sedan', 'suv']);
    const byCategory = Object.fromEntries(vehicles.map((v) => [v.category, v]));
    expect(byCategory.suv.capacity).toBe(7);
    expect(byCategory.limousine.capacity).toBe(6);
    expect(byCategory['party-bus'].capacity).toBe(14);
    for (const v of vehicles) {
      expect(v.baseRate).toMatch(/^\d+\.\d{2}$/);
      expect(v.features.length).toBeGreaterThan(0);
      expect(v.isActive).toBe(true);
    }
  });

  it('sends the list compressed as the client accepts, with an ETag that answers 304 when unchanged', async () => {
    const raw = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        get(`${stack.baseUrl}/api/vehicles`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const plain = await raw({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = JSON.parse(plain.body.toString());
    expect(Vehicle.array().parse(list)).toHaveLength(4);
    const br = await raw({ 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(list);
    const gz = await raw({ 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(list);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await raw({ 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
  });

  it('reports every component up on /api/health', async () => {
    const res = await request(stack.baseUrl).get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    for (const part of ['gateway', 'booking', 'drivers', 'fleet', 'reporting', 'notifications', 'customers', 'postgres', 'nats', 'redis']) {
      expect(res.body.components[part]).toMatchObject({ status: 'up' });
    }
  });

  it('answers an unknown API path with a 404 JSON error', async () => {
    const res = await request(stack.baseUrl).get('/api/no-such-thing').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, message: expect.any(String) });
  });

  it('rejects malformed JSON with a 400 and an oversize body with a 413', async () => {
    const bad = await request(stack.baseUrl).post('/api/vehicles').set('Content-Type', 'application/json').send('{"a":').expect(400);
    expect(bad.body).toEqual({ statusCode: 400, message: 'Malformed JSON in request body' });
    const huge = JSON.stringify({ notes: 'x'.repeat(200_000) });
    const big = await request(stack.baseUrl).post('/api/vehicles').set('Content-Type', 'application/json').send(huge).expect(413);
    expect(big.body.statusCode).toBe(413);
  });

  it('serves the web app for unknown page paths with a 404 (the client renders its own 404 page)', async () => {
    const res = await request(stack.baseUrl).get('/some/unknown/page').expect(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<div id="root">');
  });

  it('keeps the vehicle list fresh: a change through the gateway shows at once, one made elsewhere as soon as its event arrives', async () => {
    const before = Vehicle.array().parse((await request(stack.baseUrl).get('/api/vehicles').expect(200)).body);
    const suv = before.find((v) => v.category === 'suv')!;
    await request(stack.baseUrl)
      .patch(`/api/admin/vehicles/${suv.id}`)
      .set('Authorization', adminAuth(stack))
      .send({ features: [...suv.features, 'Umbrella'] })
      .expect(200);
    const right = (await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as Vehicle[];
    expect(right.find((v) => v.id === suv.id)!.features).toContain('Umbrella');

    // Another gateway replica (here: a direct call to the fleet service) changes it: the fleet
    // event reaches this gateway and drops its cached list.
    const nc = await connectNats(stack.env.vars.NATS_URL, 'fleet-slice-test');
    try {
      await new RpcClient(nc, { prefix: stack.env.vars.NATS_PREFIX }).request(fleetRpc.updateVehicle, { id: suv.id, changes: { features: suv.features } });
    } finally {
      await nc.close();
    }
    await eventually(
      async () => !((await request(stack.baseUrl).get('/api/vehicles')).body as Vehicle[]).find((v) => v.id === suv.id)!.features.includes('Umbrella'),
      5_000,
      'the change made elsewhere to show',
    );
  });

  it('gives a 503 at once when the fleet service is down, and recovers when it is back', async () => {
    // A demo vehicle renamed to another case of its name is still there for the seeder at restart.
    const sedan = (Vehicle.array().parse((await request(stack.baseUrl).get('/api/vehicles').expect(200)).body)).find((v) => v.name === 'Executive Sedan')!;
    await request(stack.baseUrl).patch(`/api/admin/vehicles/${sedan.id}`).set('Authorization', adminAuth(stack)).send({ name: 'EXECUTIVE SEDAN' }).expect(200);
    await stack.stopService('fleet');
    // A call that needs the service fails fast (the public list may still come from the
    // gateway's copy, so it is not the probe here).
    const started = Date.now();
    const res = await request(stack.baseUrl).patch('/api/admin/vehicles/1').set('Authorization', adminAuth(stack)).send({ isActive: true }).expect(503);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.body).toMatchObject({ statusCode: 503, message: expect.stringMatching(/fleet service is unavailable/) });
    const health = await request(stack.baseUrl).get('/api/health').expect(503);
    expect(health.body.components.fleet.status).toBe('down');

    await stack.startService('fleet');
    const back = await request(stack.baseUrl).get('/api/vehicles').expect(200);
    expect(back.body).toHaveLength(4); // the restart did not seed twice
    expect((back.body as Vehicle[]).find((v) => v.id === sedan.id)!.name).toBe('EXECUTIVE SEDAN');
  });

  it('serves one request per call with two fleet replicas running', async () => {
    await stack.startService('fleet');
    const results = await Promise.all(Array.from({ length: 20 }, () => request(stack.baseUrl).get('/api/vehicles')));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.every((r) => r.body.length === 4)).toBe(true);
  });
});
