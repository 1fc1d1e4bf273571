import pg from 'pg';
import { addDays, bookingEvents, businessInstant, businessToday, type Booking, type TimelineEntry } from '@limo/contracts';
import { Outbox } from '@limo/service-runtime';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { DispatchRepository } from '../src/rides/dispatch.repository.js';
import { DispatchSettings } from '../src/rides/dispatch-settings.js';
import { RidesRepository } from '../src/rides/rides.repository.js';
import { FlightSettings } from '../src/flights/flight-settings.js';
import { FlightStatusUnavailable, type FlightQuery, type FlightStatus, type FlightStatusProvider } from '../src/flights/flight-status.js';
import { FollowFlights } from '../src/flights/follow-flights.use-case.js';
import { adminAuth } from '../../../tests/support/admin-auth.js';
import { book, pickupIn } from '../../../tests/support/drivers.js';
import { withStack } from '../../../tests/support/fixtures.js';
import request from 'supertest';

/*
 * The flight poll with the provider swapped for one the test steers: two replicas polling at once
 * move a ride once, a provider that cannot answer leaves the ride as it was, an international
 * arrival waits 45 minutes, and a flight the provider does not know is told once (the history
 * line and the booking's flight alert).
 */

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const HOTEL = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';

type Answer = (query: FlightQuery) => FlightStatus | Promise<FlightStatus>;

describe('the flight poll', () => {
  let db: pg.Pool;
  // The scheduled poll once at start-up (no rides yet), then not for 10 minutes: each test polls by
  // hand, and an answer is stale after 1 hour at most.
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'], env: { FLIGHT_POLL_SECONDS: '600', FLIGHT_POLL_HOURS_AHEAD: '48' } }, { beforeStop: () => db?.end() });
  beforeAll(() => {
    db = new pg.Pool({ connectionString: stack.env.databaseUrl, max: 2 });
  });

  const answers = new Map<string, Answer>();
  const provider: FlightStatusProvider = {
    async status(query) {
      const answer = answers.get(query.flightNumber);
      if (!answer) throw new Error(`no answer for ${query.flightNumber}`);
      return answer(query);
    },
  };
  /** A poll as one replica runs it, with the test's provider. */
  const replica = () => {
    const app = stack.services.booking!.app;
    return new FollowFlights(
      app.get(PrismaClient),
      app.get(Outbox),
      app.get(RidesRepository),
      app.get(DispatchRepository),
      app.get(DispatchSettings),
      app.get(FlightSettings),
      provider,
    );
  };
  const later = (hours: number) => new Date(Date.now() + hours * 3600_000);

  const tomorrow = addDays(businessToday(), 1);
  const at = (time: string) => businessInstant(tomorrow, time);
  const current = async (id: number) => ((await request(stack.baseUrl).get('/api/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[]).find((b) => b.id === id) as Booking;
  const written = async (id: number) => {
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM booking.booking_timeline WHERE booking_id = $1 AND actor_name = 'Flight tracking')::int AS lines,
              (SELECT count(*) FROM booking.outbox_events WHERE aggregate_id = $1::text AND type = $2)::int AS updates`,
      [id, bookingEvents.updated.type],
    );
    return rows[0] as { lines: number; updates: number };
  };

  it('two replicas polling at once move the ride once', async () => {
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'UA 7' }, 1, '16:30');
    answers.set('UA 7', () => ({ state: 'delayed', scheduledArrival: at('16:15'), estimatedArrival: at('17:52'), international: false }));
    const [a, b] = await Promise.all([replica().poll(), replica().poll()]);
    expect(a.moved + b.moved).toBe(1);
    expect(await current(ride.id)).toMatchObject({ pickupTime: '18:07', version: ride.version + 1, totalAmount: ride.totalAmount, flightStatus: 'delayed' });
    expect(await written(ride.id)).toEqual({ lines: 1, updates: 1 });

    // Asked again later with the same answer: nothing more.
    expect((await replica().poll(later(1))).asked).toBeGreaterThanOrEqual(1);
    expect(await current(ride.id)).toMatchObject({ pickupTime: '18:07', version: ride.version + 1 });
    expect(await written(ride.id)).toEqual({ lines: 1, updates: 1 });
  });

  it('a provider that cannot answer leaves the ride and its last known arrival; the next answer is followed', async () => {
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'UA 8' }, 1, '12:00');
    answers.set('UA 8', () => ({ state: 'scheduled', scheduledArrival: at('11:45'), estimatedArrival: at('11:45'), international: false }));
    await replica().poll();
    const known = await current(ride.id);
    expect(known).toMatchObject({ pickupTime: '12:00', version: ride.version, flightArrival: at('11:45').toISOString() });

    answers.set('UA 8', () => {
      throw new FlightStatusUnavailable('rate-limited', '429');
    });
    expect((await replica().poll(later(1))).unavailable).toBeGreaterThanOrEqual(1);
    expect(await current(ride.id)).toEqual(known);

    answers.set('UA 8', () => ({ state: 'delayed', scheduledArrival: at('11:45'), estimatedArrival: at('12:30'), international: false }));
    await replica().poll(later(2));
    expect(await current(ride.id)).toMatchObject({ pickupTime: '12:45', version: ride.version + 1 });
  });

  it('records answers that change nothing in one write, but not over a ride another poll answered or an admin edited meanwhile', async () => {
    const plain = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'WN 5' }, 1, '13:00');
    const askedAgain = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'WN 6' }, 1, '13:30');
    const edited = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'WN 7' }, 1, '14:00');
    const onTime = (arrival: string) => () => ({ state: 'scheduled' as const, scheduledArrival: at(arrival), estimatedArrival: at(arrival), international: false });
    answers.set('WN 5', onTime('12:45'));
    // While the poll runs: another replica's poll records WN 6's ride, an admin edits WN 7's ride.
    answers.set('WN 6', async (query) => {
      await db.query(`UPDATE booking.bookings SET flight_checked_at = now(), flight_status = 'delayed' WHERE id = $1`, [askedAgain.id]);
      return onTime('13:15')(query);
    });
    answers.set('WN 7', async (query) => {
      await db.query(`UPDATE booking.bookings SET version = version + 1 WHERE id = $1`, [edited.id]);
      return onTime('13:45')(query);
    });
    await replica().poll();
    const { rows } = await db.query(`SELECT id, flight_status, flight_checked_at FROM booking.bookings WHERE id = ANY($1::int[])`, [[plain.id, askedAgain.id, edited.id]]);
    const by = new Map(rows.map((r: { id: number; flight_status: string | null; flight_checked_at: Date | null }) => [r.id, r]));
    expect(by.get(plain.id)).toMatchObject({ flight_status: 'scheduled', flight_checked_at: expect.any(Date) });
    expect(by.get(askedAgain.id)).toMatchObject({ flight_status: 'delayed' });
    expect(by.get(edited.id)).toMatchObject({ flight_status: null, flight_checked_at: null });
    expect(await current(plain.id)).toMatchObject({ pickupTime: '13:00', version: plain.version, flightArrival: at('12:45').toISOString() });
  });

  it("stops asking new flights when the poll's time budget runs out; those rides stay due", async () => {
    const rides = [];
    for (let i = 0; i < 6; i++) rides.push(await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: `F9 ${70 + i}` }, 1, '09:30'));
    for (let i = 0; i < 6; i++) {
      answers.set(`F9 ${70 + i}`, async (query) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { state: 'scheduled', scheduledArrival: query.expectedArrival, estimatedArrival: query.expectedArrival, international: false };
      });
    }
    // 4 asked at once take 300 ms each; the budget of 150 ms has run out when the next would start.
    const result = await replica().poll(undefined, 150);
    expect(result.deferred).toBeGreaterThanOrEqual(2);
    const { rows } = await db.query(`SELECT count(*)::int AS asked FROM booking.bookings WHERE id = ANY($1::int[]) AND flight_checked_at IS NOT NULL`, [rides.map((r) => r.id)]);
    expect(rows[0].asked).toBeLessThanOrEqual(4);
    // The next poll, with time, asks the rest.
    const next = await replica().poll();
    expect(next.deferred).toBe(0);
    const after = await db.query(`SELECT count(*)::int AS asked FROM booking.bookings WHERE id = ANY($1::int[]) AND flight_checked_at IS NOT NULL`, [rides.map((r) => r.id)]);
    expect(after.rows[0].asked).toBe(6);
  });

  it("asks for the flight of its scheduled day after a delay carried the pickup past midnight", async () => {
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'UA 11' }, 1, '23:30');
    const nextDay = addDays(tomorrow, 1);
    // The provider knows the flight by its date: on its day it lands at 00:20 the day after; asked for the next day's, it is another (on time) flight.
    answers.set('UA 11', (query) =>
      query.date === tomorrow
        ? { state: 'delayed', scheduledArrival: at('23:15'), estimatedArrival: businessInstant(nextDay, '00:20'), international: false }
        : { state: 'scheduled', scheduledArrival: businessInstant(nextDay, '23:15'), estimatedArrival: businessInstant(nextDay, '23:15'), international: false },
    );
    await replica().poll();
    expect(await current(ride.id)).toMatchObject({ pickupDate: nextDay, pickupTime: '00:35' });
    await replica().poll(later(1));
    expect(await current(ride.id)).toMatchObject({ pickupDate: nextDay, pickupTime: '00:35' });
  });

  it('an international arrival moves the pickup to 45 minutes after it', async () => {
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'BA 283' }, 1, '15:30');
    answers.set('BA 283', () => ({ state: 'delayed', scheduledArrival: at('14:45'), estimatedArrival: at('16:10'), international: true }));
    await replica().poll();
    expect(await current(ride.id)).toMatchObject({ pickupTime: '16:55' });
  });

  it('a flight the provider does not know keeps the pickup and is told once', async () => {
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'ZZ 999' }, 1, '10:00');
    answers.set('ZZ 999', () => ({ state: 'unknown', scheduledArrival: null, estimatedArrival: null, international: false }));
    await replica().poll();
    expect((await replica().poll(later(1))).asked).toBeGreaterThanOrEqual(1);
    // The alert for the admin's bell is news once: version + 1 and one booking.updated.
    expect(await current(ride.id)).toMatchObject({ pickupTime: '10:00', version: ride.version + 1, flightStatus: 'unknown', flightAlert: { kind: 'unknown-flight' } });
    expect(await written(ride.id)).toEqual({ lines: 1, updates: 1 });
  });

  it('tells the admin once when the provider has nothing fresh within 2 hours of the pickup, and asks one question per flight', async () => {
    const soon = pickupIn(150);
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'AS 1', ...soon });
    const twin = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'AS 1', ...soon });
    let asked = 0;
    answers.set('AS 1', () => {
      asked++;
      throw new FlightStatusUnavailable('timeout', 'no answer within 10000 ms');
    });
    // 3 hours before: nothing to tell yet.
    expect((await replica().poll()).unavailable).toBeGreaterThanOrEqual(2);
    expect(asked).toBe(1);
    expect(await written(ride.id)).toEqual({ lines: 0, updates: 0 });

    // 1.5 hours before, still no answer: one line each, however often it is asked.
    const near = new Date(businessInstant(soon.pickupDate, soon.pickupTime).getTime() - 90 * 60_000);
    await replica().poll(near);
    await replica().poll(new Date(near.getTime() + 10 * 60_000));
    for (const id of [ride.id, twin.id]) {
      expect(await written(id)).toEqual({ lines: 1, updates: 1 });
      expect(await current(id)).toMatchObject({ pickupTime: soon.pickupTime, flightStatus: 'no-fresh-status', version: ride.version + 1, flightAlert: { kind: 'no-fresh-status' } });
    }
    const timeline = (await request(stack.baseUrl).get(`/api/admin/bookings/${ride.id}/timeline`).set('Authorization', adminAuth(stack)).expect(200)).body as TimelineEntry[];
    expect(timeline.at(-1)?.detail).toBe(`No fresh status for flight AS 1 (the provider: timeout) and the pickup is within 2 hours: pickup kept at ${soon.pickupTime}; check the flight`);
  });
});
