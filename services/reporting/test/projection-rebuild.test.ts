import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import request from 'supertest';
import { addDays, adminRpc, businessToday, type Booking } from '@limo/contracts';
import { RpcClient } from '@limo/messaging';
import { adminAuth } from '../../../tests/support/admin-auth.js';
import { eventually } from '../../../tests/support/stack.js';
import { withStack } from '../../../tests/support/fixtures.js';
import { TEST_SERVERS } from '../../../tests/support/test-env.js';
import { assign, book as bookRide, signedInDriver } from '../../../tests/support/drivers.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { rebuildProjections } from '../src/projections/projection-rebuild.js';

const AGGREGATES = [
  'booking_facts',
  'booking_status_totals',
  'bookings_created_monthly',
  'revenue_daily',
  'revenue_monthly',
  'customer_totals',
  'report_counters',
  'route_totals',
  'driver_performance',
  'vehicle_usage',
  'vehicle_monthly_trips',
  'driver_facts',
  'assignment_facts',
];

describe('rebuilding the projections from the source services (end to end through the booking service)', () => {
  let nc: NatsConnection;
  let rpc: RpcClient;
  let db: pg.Pool;
  const stack = withStack(
    {},
    {
      beforeStop: async () => {
        await db?.end();
        await nc?.close();
      },
    },
  );

  beforeAll(async () => {
    nc = await connect({ servers: TEST_SERVERS.nats });
    rpc = new RpcClient(nc, { prefix: stack.env.id, timeoutMs: 60_000 });
    db = new pg.Pool({ connectionString: stack.env.databaseUrl, max: 2 });
  });

  const admin = () => adminAuth(stack);

  async function book(i: number, over: Record<string, unknown> = {}): Promise<number> {
    const res = await request(stack.baseUrl)
      .post('/api/bookings')
      .send({
        tripType: i % 3 === 0 ? 'hourly' : 'one-way',
        pickupDate: addDays(businessToday(), 3 + (i % 5)),
        pickupTime: '10:00',
        pickupLocation: ['LAX - Los Angeles International Airport', 'Burbank Airport', 'Santa Monica'][i % 3],
        dropoffLocation: i % 3 === 0 ? '' : 'Downtown Los Angeles',
        duration: i % 3 === 0 ? 4 : 1,
        firstName: 'Rita',
        lastName: `Customer${i % 4}`,
        email: `rita${i % 4}@example.com`,
        phone: '3105550100',
        vehicleId: 1,
        paymentMethod: 'phone-card',
        ...over,
      })
      .expect(201);
    return res.body.id ?? res.body.booking?.id;
  }

  const setStatus = (id: number, status: string) =>
    request(stack.baseUrl).patch(`/api/bookings/${id}`).set('Authorization', admin()).send({ status }).expect(200);

  /** Every projection table, as rows sorted by their text form. */
  async function dumpProjections(): Promise<Record<string, string[]>> {
    const dump: Record<string, string[]> = {};
    for (const table of AGGREGATES) {
      const { rows } = await db.query(`SELECT t::text AS row FROM reporting.${table} t`);
      dump[table] = rows.map((r) => r.row).sort();
    }
    return dump;
  }

  async function figures() {
    const today = businessToday();
    const [year, month] = today.split('-').map(Number);
    return {
      stats: await rpc.request(adminRpc.stats, {}),
      notifications: await rpc.request(adminRpc.notifications, {}),
      daily: await rpc.request(adminRpc.dailyRevenue, { year, month }),
      monthly: await rpc.request(adminRpc.monthlyRevenue, { year }),
      summary: await rpc.request(adminRpc.revenueSummary, {}),
      reports: { ...(await rpc.request(adminRpc.reports, {})), generatedAt: 'x' },
    };
  }

  async function caughtUp(): Promise<boolean> {
    const bookings = (await request(stack.baseUrl).get('/api/admin/bookings').set('Authorization', admin()).expect(200)).body as Booking[];
    const { rows } = await db.query(`SELECT booking_id, version FROM reporting.booking_facts`);
    const applied = new Map(rows.map((r) => [r.booking_id, r.version]));
    return bookings.every((b) => applied.get(b.id) === b.version);
  }

  it('gives exactly the live figures, table for table, after bookings are completed, un-completed and re-completed', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await book(i));
    for (const id of ids.slice(0, 8)) await setStatus(id, 'confirmed');
    for (const id of ids.slice(0, 6)) await setStatus(id, 'completed');
    await setStatus(ids[0], 'in-progress'); // leaves the revenue
    await setStatus(ids[1], 'cancelled');
    await setStatus(ids[0], 'completed'); // back in
    await setStatus(ids[9], 'cancelled');
    const drivers = (await request(stack.baseUrl).get('/api/drivers').set('Authorization', admin()).expect(200)).body as { id: number }[];
    await request(stack.baseUrl).post(`/api/admin/drivers/${drivers[2].id}/toggle-duty`).set('Authorization', admin()).expect(200);
    await eventually(caughtUp, 15_000, 'reporting to apply every booking event');
    await eventually(async () => (await rpc.request(adminRpc.stats, {})).activeDrivers === 3, 10_000, 'the duty change');

    const liveTables = await dumpProjections();
    const liveFigures = await figures();
    expect(liveFigures.stats).toMatchObject({ totalBookings: 12, completedBookings: 5, pendingRequests: 3, activeDrivers: 3 });
    expect(liveTables.revenue_daily.length).toBeGreaterThan(0);

    const result = await rpc.request(adminRpc.rebuildProjections, {});
    expect(result).toMatchObject({ bookings: 12, drivers: 4, vehicles: 4 });

    expect(await dumpProjections()).toEqual(liveTables);
    expect(await figures()).toEqual(liveFigures);
  });

  it('reads the sources page by page', async () => {
    const before = await dumpProjections();
    const result = await rebuildProjections(stack.services.reporting!.app.get(PrismaClient), rpc, 5);
    expect(result).toMatchObject({ bookings: 12, drivers: 4, vehicles: 4 });
    expect(await dumpProjections()).toEqual(before);
  });

  it('restores the figures from the sources after the projection tables were damaged', async () => {
    const before = await figures();
    await db.query(`DELETE FROM reporting.revenue_daily; UPDATE reporting.booking_status_totals SET bookings = bookings + 100; DELETE FROM reporting.driver_facts`);
    expect((await figures()).stats).not.toEqual(before.stats);
    await rpc.request(adminRpc.rebuildProjections, {});
    expect(await figures()).toEqual(before);
  });

  it('keeps applying live events after a rebuild, and refuses a second rebuild while one runs', async () => {
    const [first, second] = await Promise.allSettled([
      rpc.request(adminRpc.rebuildProjections, {}),
      rpc.request(adminRpc.rebuildProjections, {}),
    ]);
    const outcomes = [first, second].map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as Error).message));
    expect(outcomes).toContain('ok');
    for (const o of outcomes) expect(['ok', 'A projection rebuild is already running']).toContain(o);

    const id = await book(40);
    await setStatus(id, 'completed');
    await eventually(caughtUp, 15_000, 'the new booking in the projections');
    expect((await rpc.request(adminRpc.stats, {})).totalBookings).toBe(13);
  });

  it('runs as `npm run projections:rebuild` against the running services', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/projections-rebuild.mjs'], {
      env: { ...process.env, NATS_URL: TEST_SERVERS.nats, NATS_PREFIX: stack.env.id },
    });
    expect(stdout).toMatch(/✓ rebuilt from 13 bookings, 4 drivers and 4 vehicles in \d+\.\d s/);
  });

  it('gives the live dispatch figures back after a rebuild: answers, response times, pickups and earnings', async () => {
    const { agent, driver } = await signedInDriver(stack);
    const { agent: other, driver: otherDriver } = await signedInDriver(stack);
    const rides = [await bookRide(stack, { vehicleId: 2 }, 2, '09:00'), await bookRide(stack, { vehicleId: 3 }, 2, '09:00'), await bookRide(stack, { vehicleId: 4 }, 3, '09:00')];
    await assign(stack, rides[0].id, driver.id).expect(200);
    await agent.post(`/api/bookings/${rides[0].id}/accept`).expect(200);
    await assign(stack, rides[1].id, otherDriver.id).expect(200);
    await other.post(`/api/bookings/${rides[1].id}/decline`).expect(200);
    await assign(stack, rides[2].id, driver.id).expect(200);
    for (const status of ['en-route', 'picked-up', 'dropped-off', 'completed']) {
      await agent.put(`/api/bookings/${rides[0].id}/driver-status`).send({ driverStatus: status }).expect(200);
    }
    await eventually(caughtUp, 15_000, 'reporting to apply the dispatch events');
    await eventually(async () => (await db.query(`SELECT count(*)::int AS n FROM reporting.assignment_facts`)).rows[0].n === 3, 10_000, 'the assignments');
    const liveTables = await dumpProjections();
    const liveFigures = await figures();
    const mine = liveFigures.reports.driverPerformance.find((d) => d.driverId === driver.id)!;
    expect(mine).toMatchObject({ completedRides: 1, assignments: 2, accepted: 1, acceptanceRate: 100, pickups: 1, onTimePickups: 1 });
    expect(mine.averageResponseSeconds).not.toBeNull();
    expect(liveFigures.reports.driverPerformance.find((d) => d.driverId === otherDriver.id)).toMatchObject({ assignments: 1, accepted: 0, acceptanceRate: 0 });
    expect(liveFigures.reports.performance.onTimePerformance).toBe(100);
    expect(liveFigures.notifications.alerts.map((a) => a.bookingId)).toEqual([rides[1].id]);

    await rpc.request(adminRpc.rebuildProjections, {});
    expect(await dumpProjections()).toEqual(liveTables);
    expect(await figures()).toEqual(liveFigures);
  });

  it('removes rows the sources do not have: a phantom completed booking of $99,999.99, driver, vehicle and assignment', async () => {
    const before = await dumpProjections();
    const beforeFigures = await figures();
    // Copies of real rows under keys no source has, as a forged event would have left them.
    await db.query(`
      INSERT INTO reporting.booking_facts SELECT (jsonb_populate_record(f, to_jsonb(f) || '{"booking_id": 999999, "total_cents": 9999999}')).*
        FROM reporting.booking_facts f WHERE status = 'completed' LIMIT 1;
      INSERT INTO reporting.driver_facts SELECT (jsonb_populate_record(f, to_jsonb(f) || '{"driver_id": 999999}')).* FROM reporting.driver_facts f LIMIT 1;
      INSERT INTO reporting.fleet_vehicles SELECT (jsonb_populate_record(f, to_jsonb(f) || '{"vehicle_id": 999999}')).* FROM reporting.fleet_vehicles f LIMIT 1;
      INSERT INTO reporting.assignment_facts SELECT (jsonb_populate_record(f, to_jsonb(f) || jsonb_build_object('assignment_id', gen_random_uuid()))).*
        FROM reporting.assignment_facts f LIMIT 1;
    `);
    const vehicles = async () => (await db.query(`SELECT vehicle_id FROM reporting.fleet_vehicles`)).rows.map((r) => r.vehicle_id as number);
    const damaged = await dumpProjections();
    for (const table of ['booking_facts', 'driver_facts', 'assignment_facts']) expect(damaged[table]).toHaveLength(before[table].length + 1);
    expect(await vehicles()).toContain(999999);
    await rpc.request(adminRpc.rebuildProjections, {});
    expect(await dumpProjections()).toEqual(before);
    expect(await vehicles()).not.toContain(999999);
    expect(await figures()).toEqual(beforeFigures);
  });
});
