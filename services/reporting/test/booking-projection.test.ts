import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { adminRpc, bookingEvents, type BookingSnapshot, type BookingStatus, type EventEnvelope } from '@limo/contracts';
import { EventPublisher, RpcClient } from '@limo/messaging';
import { eventually } from '../../../tests/support/stack.js';
import { TEST_SERVERS } from '../../../tests/support/test-env.js';
import { withStack } from '../../../tests/support/fixtures.js';

// The server runs in UTC; every day and month below is a Los Angeles one.
process.env.TZ = 'UTC';

let nextId = 1000;

function booking(overrides: Partial<BookingSnapshot> & { totalAmount: string }): BookingSnapshot {
  const id = overrides.id ?? nextId++;
  return {
    id,
    reference: `LX-T${id}`,
    version: 1,
    tripType: 'one-way',
    status: 'pending',
    pickupDate: '2024-03-09',
    pickupTime: '18:00',
    pickupLocation: 'LAX - Los Angeles International Airport',
    dropoffLocation: 'Downtown Los Angeles',
    duration: null,
    vehicleId: 1,
    driverId: null,
    firstName: 'Ana',
    lastName: 'Reyes',
    email: `customer${id}@example.com`,
    phone: '3105550100',
    createdAt: '2024-03-01T18:00:00.000Z',
    updatedAt: '2024-03-01T18:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

/** The next version of a booking with a new status (completedAt set exactly while completed). */
function moved(previous: BookingSnapshot, status: BookingStatus, at: string): BookingSnapshot {
  return { ...previous, version: previous.version + 1, status, updatedAt: at, completedAt: status === 'completed' ? at : null };
}

describe('reporting booking projections (revenue on the Los Angeles day of completion)', () => {
  let nc: NatsConnection;
  let rpc: RpcClient;
  let publisher: EventPublisher;
  let db: pg.Pool;
  const stack = withStack(
    { services: ['reporting'], env: { SEED_DEMO_DATA: 'false' } },
    {
      beforeStop: async () => {
        await db?.end();
        await nc?.close();
      },
    },
  );

  beforeAll(async () => {
    nc = await connect({ servers: TEST_SERVERS.nats });
    rpc = new RpcClient(nc, { prefix: stack.env.id });
    publisher = new EventPublisher(nc, stack.env.id);
    db = new pg.Pool({ connectionString: stack.env.databaseUrl, max: 4 });
  });

  function envelopeOf(snapshot: BookingSnapshot, previous?: BookingSnapshot): EventEnvelope {
    const base = { eventId: randomUUID(), occurredAt: snapshot.updatedAt, aggregateId: String(snapshot.id) };
    if (!previous) return { ...base, type: bookingEvents.created.type, data: { booking: snapshot } };
    if (previous.status === snapshot.status) return { ...base, type: bookingEvents.updated.type, data: { booking: snapshot } };
    return { ...base, type: bookingEvents.statusChanged.type, data: { booking: snapshot, previousStatus: previous.status, status: snapshot.status } };
  }

  async function appliedVersion(id: number): Promise<number> {
    const { rows } = await db.query(`SELECT version FROM reporting.booking_facts WHERE booking_id = $1`, [id]);
    return rows[0]?.version ?? 0;
  }

  /** Publishes one state of a booking and waits until reporting has applied it. */
  async function apply(snapshot: BookingSnapshot, previous?: BookingSnapshot): Promise<BookingSnapshot> {
    await publisher.publish(envelopeOf(snapshot, previous));
    await eventually(async () => (await appliedVersion(snapshot.id)) >= snapshot.version, 10_000, `booking ${snapshot.id} v${snapshot.version}`);
    return snapshot;
  }

  const daily = async (year: number, month: number) =>
    Object.fromEntries((await rpc.request(adminRpc.dailyRevenue, { year, month })).map((d) => [d.date, d]));
  const monthly = async (year: number) => Object.fromEntries((await rpc.request(adminRpc.monthlyRevenue, { year })).map((m) => [m.month, m]));

  it('counts a completion at 23:30 in Los Angeles on that day, drops it when un-completed, and counts the re-completion after midnight on the next day', async () => {
    const created = await apply(booking({ totalAmount: '100.00', createdAt: '2024-03-09T20:00:00.000Z', updatedAt: '2024-03-09T20:00:00.000Z' }));
    const completedLate = await apply(moved(created, 'completed', '2024-03-10T07:30:00.000Z'), created); // Mar 9, 23:30 PST
    let days = await daily(2024, 3);
    expect(days['2024-03-09']).toEqual({ date: '2024-03-09', totalRevenue: '100.00', bookingsCount: 1, averageBookingValue: '100.00' });
    expect(days['2024-03-10'].totalRevenue).toBe('0.00');
    expect((await monthly(2024)).March).toMatchObject({ totalRevenue: '100.00', bookingsCount: 1 });
    expect(await rpc.request(adminRpc.stats, {})).toMatchObject({ totalRevenue: '100.00', completedBookings: 1 });

    const reopened = await apply(moved(completedLate, 'confirmed', '2024-03-10T07:45:00.000Z'), completedLate);
    days = await daily(2024, 3);
    expect(days['2024-03-09']).toMatchObject({ totalRevenue: '0.00', bookingsCount: 0, averageBookingValue: '0.00' });
    expect((await monthly(2024)).March).toMatchObject({ totalRevenue: '0.00', bookingsCount: 0 });
    expect(await rpc.request(adminRpc.stats, {})).toMatchObject({ totalRevenue: '0.00', completedBookings: 0 });

    await apply(moved(reopened, 'completed', '2024-03-10T08:15:00.000Z'), reopened); // Mar 10, 00:15 PST
    days = await daily(2024, 3);
    expect(days['2024-03-09'].totalRevenue).toBe('0.00');
    expect(days['2024-03-10']).toMatchObject({ totalRevenue: '100.00', bookingsCount: 1 });
    expect(await rpc.request(adminRpc.stats, {})).toMatchObject({ totalRevenue: '100.00', completedBookings: 1 });
  });

  it('ranks popular routes by bookings, then by revenue', async () => {
    // One booking each: the one still pending (no revenue yet) comes after the completed one,
    // although its name comes first.
    await apply(booking({ totalAmount: '50.00', pickupLocation: 'Anaheim Convention Center', dropoffLocation: 'Irvine Spectrum' }));
    const paying = await apply(booking({ totalAmount: '80.00', pickupLocation: 'Zuma Beach', dropoffLocation: 'Malibu Pier' }));
    await apply(moved(paying, 'completed', '2024-03-09T19:00:00.000Z'), paying);
    const mine = ['Zuma Beach', 'Anaheim Convention Center'];
    const routes = (await rpc.request(adminRpc.reports, {})).popularRoutes.filter((r) => mine.includes(r.pickupLocation)).map((r) => [r.pickupLocation, r.bookings, r.revenue]);
    expect(routes).toEqual([
      ['Zuma Beach', 1, '80.00'],
      ['Anaheim Convention Center', 1, '0.00'],
    ]);
  });

  it('puts completions on the right day across the spring-forward change (23-hour day)', async () => {
    // 2024-03-10: clocks jump from 02:00 PST to 03:00 PDT (10:00 UTC); the day ends at 07:00 UTC next day.
    for (const [amount, at] of [
      ['50.00', '2024-03-10T10:30:00.000Z'], // 03:30 PDT, Mar 10
      ['25.00', '2024-03-11T06:59:00.000Z'], // 23:59 PDT, Mar 10
      ['40.00', '2024-03-11T07:00:00.000Z'], // 00:00 PDT, Mar 11
    ] as const) {
      const b = await apply(booking({ totalAmount: amount }));
      await apply(moved(b, 'completed', at), b);
    }
    const days = await daily(2024, 3);
    expect(days['2024-03-10']).toMatchObject({ totalRevenue: '175.00', bookingsCount: 3, averageBookingValue: '58.33' });
    expect(days['2024-03-11']).toMatchObject({ totalRevenue: '40.00', bookingsCount: 1 });
  });

  it('puts completions on the right day across the fall-back change (25-hour day) and the right month at a month end', async () => {
    for (const [amount, at] of [
      ['10.00', '2024-11-03T08:30:00.000Z'], // 01:30 PDT, Nov 3
      ['20.00', '2024-11-03T09:30:00.000Z'], // 01:30 PST, Nov 3 (the repeated hour)
      ['30.00', '2024-11-04T07:30:00.000Z'], // 23:30 PST, Nov 3
      ['40.00', '2024-11-04T08:00:00.000Z'], // 00:00 PST, Nov 4
      ['70.00', '2024-12-01T07:59:59.000Z'], // 23:59:59 PST, Nov 30
      ['90.00', '2024-12-01T08:00:00.000Z'], // 00:00 PST, Dec 1
    ] as const) {
      const b = await apply(booking({ totalAmount: amount, createdAt: '2024-10-20T17:00:00.000Z', updatedAt: '2024-10-20T17:00:00.000Z' }));
      await apply(moved(b, 'completed', at), b);
    }
    const days = await daily(2024, 11);
    expect(Object.keys(days)).toHaveLength(30);
    expect(days['2024-11-03']).toMatchObject({ totalRevenue: '60.00', bookingsCount: 3, averageBookingValue: '20.00' });
    expect(days['2024-11-04']).toMatchObject({ totalRevenue: '40.00', bookingsCount: 1 });
    expect(days['2024-11-30']).toMatchObject({ totalRevenue: '70.00', bookingsCount: 1 });
    const months = await monthly(2024);
    expect(months.November).toMatchObject({ totalRevenue: '170.00', bookingsCount: 5, averageBookingValue: '34.00', growthPercentage: null });
    expect(months.December).toMatchObject({ totalRevenue: '90.00', bookingsCount: 1, growthPercentage: -47.1 });
    expect(months.October).toMatchObject({ totalRevenue: '0.00', bookingsCount: 0, averageBookingValue: '0.00', growthPercentage: null });
  });

  it('compares January with the previous December for growth', async () => {
    const b = await apply(booking({ totalAmount: '200.00', createdAt: '2024-12-20T18:00:00.000Z', updatedAt: '2024-12-20T18:00:00.000Z' }));
    await apply(moved(b, 'completed', '2025-01-01T07:30:00.000Z'), b); // Dec 31, 23:30 PST
    const c = await apply(booking({ totalAmount: '300.00', createdAt: '2024-12-20T18:00:00.000Z', updatedAt: '2024-12-20T18:00:00.000Z' }));
    await apply(moved(c, 'completed', '2025-01-01T08:30:00.000Z'), c); // Jan 1, 00:30 PST
    expect((await monthly(2024)).December).toMatchObject({ totalRevenue: '290.00', bookingsCount: 2 });
    expect((await monthly(2025)).January).toMatchObject({ totalRevenue: '300.00', bookingsCount: 1, growthPercentage: 3.4 });
  });

  it('ignores an older version arriving late and a repeated event, and counts pending requests', async () => {
    const before = await rpc.request(adminRpc.stats, {});
    const v1 = booking({ totalAmount: '80.00', createdAt: '2024-06-01T18:00:00.000Z', updatedAt: '2024-06-01T18:00:00.000Z' });
    const v2 = moved(v1, 'confirmed', '2024-06-02T18:00:00.000Z');
    const v3 = moved(v2, 'completed', '2024-06-03T18:00:00.000Z');
    await apply(v3, v2); // the newest first
    await publisher.publish(envelopeOf(v1));
    await publisher.publish(envelopeOf(v2, v1));
    await publisher.publish(envelopeOf(v3, v2)); // same version again, new event id
    const marker = await apply(booking({ totalAmount: '1.00', createdAt: '2024-06-05T18:00:00.000Z', updatedAt: '2024-06-05T18:00:00.000Z' }));
    // The consumer handles one durable in order: once the marker is in, the stale events were seen.
    const after = await rpc.request(adminRpc.stats, {});
    expect(after.totalBookings - before.totalBookings).toBe(2);
    expect(after.completedBookings - before.completedBookings).toBe(1);
    expect(after.pendingRequests - before.pendingRequests).toBe(1);
    expect((await daily(2024, 6))['2024-06-03']).toMatchObject({ totalRevenue: '80.00', bookingsCount: 1 });
    expect(await rpc.request(adminRpc.notifications, {})).toEqual({ count: after.pendingRequests, alerts: [], registrations: [], flights: [], settlements: [] });
    expect(marker.status).toBe('pending');
  });

  it('gives the same figures when two replicas share the durable and events arrive shuffled and duplicated', async () => {
    const second = await stack.startService('reporting');
    try {
      const statuses: BookingStatus[] = ['pending', 'confirmed', 'in-progress', 'completed', 'cancelled'];
      const histories: BookingSnapshot[][] = [];
      for (let i = 0; i < 30; i++) {
        let current = booking({
          totalAmount: `${(i % 7) * 13 + 20}.${String(i % 100).padStart(2, '0')}`,
          createdAt: '2024-08-01T17:00:00.000Z',
          updatedAt: '2024-08-01T17:00:00.000Z',
          email: `shared${i % 6}@example.com`,
        });
        const history = [current];
        for (let step = 1; step <= 3 + (i % 3); step++) {
          const at = new Date(Date.UTC(2024, 7, 1 + step * 3, (i * 5 + step * 7) % 24, 30)).toISOString();
          current = moved(current, statuses[(i + step * 2) % statuses.length], at);
          history.push(current);
        }
        histories.push(history);
      }
      const envelopes = histories.flatMap((h) => h.map((s, i) => envelopeOf(s, h[i - 1])));
      const shuffled = [...envelopes, ...envelopes.filter((_, i) => i % 4 === 0).map((e) => ({ ...e, eventId: randomUUID() }))];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = (i * 7919) % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      await Promise.all(shuffled.map((e) => publisher.publish(e)));
      const finals = histories.map((h) => h[h.length - 1]);
      await eventually(
        async () => (await Promise.all(finals.map(async (f) => (await appliedVersion(f.id)) === f.version))).every(Boolean),
        20_000,
        'every booking at its final version',
      );

      // Expected August figures, straight from the final states.
      const laDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(iso));
      const expected = new Map<string, { cents: number; count: number }>();
      for (const f of finals.filter((f) => f.status === 'completed')) {
        const day = laDay(f.completedAt!);
        const entry = expected.get(day) ?? { cents: 0, count: 0 };
        entry.cents += Math.round(Number(f.totalAmount) * 100);
        entry.count += 1;
        expected.set(day, entry);
      }
      const august = await daily(2024, 8);
      const september = await daily(2024, 9);
      for (const [day, { cents, count }] of expected) {
        const row = (day.startsWith('2024-08') ? august : september)[day];
        expect(row).toMatchObject({ totalRevenue: (cents / 100).toFixed(2), bookingsCount: count });
      }
      const shown = [...Object.values(august), ...Object.values(september)].filter((d) => d.bookingsCount > 0);
      expect(shown).toHaveLength(expected.size);
    } finally {
      await second.stop();
    }
  });
});
