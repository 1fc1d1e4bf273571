import request from 'supertest';
import pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { eventStreamName } from '@limo/messaging';
import { NATS_CONNECTION } from '../src/messaging/messaging.module.js';
import { LIVE_HUB_CONSUMER } from '../src/live/live-event-hub.js';
import { bookingEvents, type Booking, type DriverRide, type EndedOffer } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, signedInDriver } from '../../tests/support/drivers.js';
import { SseClient } from '../../tests/support/sse.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * Response deadlines (BullMQ delayed jobs, a few seconds here) and the live boards (server-sent
 * events) against the whole stack, with two replicas of the booking service.
 */
const DEADLINE_S = 3;

describe('response deadlines and live boards', () => {
  let db: pg.Pool;
  const streams: SseClient[] = [];
  // The sweep hourly: each deadline here is its job's to expire.
  const stack = withStack(
    { env: { ASSIGNMENT_RESPONSE_SECONDS: String(DEADLINE_S), DEADLINE_SWEEP_SECONDS: '3600' } },
    {
      beforeStop: async () => {
        await Promise.all(streams.map((s) => s.close()));
        await db?.end();
      },
    },
  );
  const admin = () => adminAuth(stack);

  beforeAll(async () => {
    await stack.startService('booking');
    db = new pg.Pool({ connectionString: stack.env.databaseUrl, max: 2 });
  }, 90_000);

  const open = async (path: string, headers: Record<string, string>) => {
    const client = await new SseClient(`${stack.baseUrl}${path}`, headers).open();
    streams.push(client);
    return client;
  };
  const cookieOf = (agent: ReturnType<typeof request.agent>) => {
    // supertest's agent keeps the session cookie; hand it to fetch for the stream.
    const jar = (agent as unknown as { jar: { getCookies(a: unknown): { name: string; value: string }[] } }).jar;
    return jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false }).map((c) => `${c.name}=${c.value}`).join('; ');
  };
  const timelineKinds = async (bookingId: number) =>
    (await db.query(`SELECT kind FROM booking.booking_timeline WHERE booking_id = $1 ORDER BY id`, [bookingId])).rows.map((r) => r.kind as string);

  describe('deadlines', () => {
    it('hands an unanswered ride back to the pending list when its deadline passes, and tells the admin', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const ride = await book(stack, {}, 3, '08:00');
      await assign(stack, ride.id, driver.id).expect(200);
      const expired = await eventually(async () => {
        const res = await request(stack.baseUrl).get('/api/bookings/pending').set('Authorization', admin()).expect(200);
        const row = res.body.find((r: { id: number }) => r.id === ride.id);
        return row?.driverResponse === 'expired' ? row : undefined;
      }, (DEADLINE_S + 10) * 1000, 'the deadline to expire the assignment');
      expect(expired).toMatchObject({ status: 'pending', driverId: null, driverResponse: 'expired' });
      expect((await agent.post(`/api/bookings/${ride.id}/accept`).expect(409)).body.message).toBe('The time to answer this ride has passed');
      const alert = await eventually(async () => {
        const res = await request(stack.baseUrl).get('/api/admin/notifications').set('Authorization', admin()).expect(200);
        return res.body.alerts.find((a: { bookingId: number }) => a.bookingId === ride.id);
      }, 10_000, 'the missed deadline in the notifications');
      expect(alert).toMatchObject({ kind: 'expired', reference: ride.reference });
      expect((await timelineKinds(ride.id)).filter((k) => k === 'expired')).toHaveLength(1);
      // The event carries the booking and the assignment as stored.
      const stored = await db.query(
        `SELECT b.version, b.hold_span IS NULL AS released, a.response, a.responded_at, e.payload FROM booking.bookings b
         JOIN booking.ride_assignments a ON a.booking_id = b.id JOIN booking.outbox_events e ON e.aggregate_id = b.id::text AND e.type = $2
         WHERE b.id = $1`,
        [ride.id, bookingEvents.assignmentExpired.type],
      );
      expect(stored.rows).toHaveLength(1);
      const [row] = stored.rows;
      expect(row).toMatchObject({ released: true, response: 'expired' });
      expect(row.payload.data.booking).toMatchObject({ version: row.version, driverId: null, driverResponse: 'expired' });
      expect(row.payload.data.assignment).toMatchObject({ driverId: driver.id, response: 'expired', respondedAt: row.responded_at.toISOString() });
    });

    it('tells the driver which offers expired or were withdrawn before they answered, newest first, and only theirs', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const { agent: other } = await signedInDriver(stack);
      const [missed, takenBack, declined, accepted] = await Promise.all([
        book(stack, {}, 5, '08:00'),
        book(stack, {}, 5, '12:00'),
        book(stack, {}, 5, '16:00'),
        book(stack, {}, 5, '20:00'),
      ]);
      await assign(stack, missed.id, driver.id).expect(200);
      await eventually(async () => (await timelineKinds(missed.id)).includes('expired'), (DEADLINE_S + 10) * 1000, 'the offer to expire');
      for (const ride of [takenBack, declined, accepted]) await assign(stack, ride.id, driver.id).expect(200);
      await request(stack.baseUrl).post(`/api/admin/bookings/${takenBack.id}/withdraw`).set('Authorization', admin()).expect(200);
      await agent.post(`/api/bookings/${declined.id}/decline`).expect(200);
      await agent.post(`/api/bookings/${accepted.id}/accept`).expect(200);

      const ended = (await agent.get('/api/drivers/current/ended-offers').expect(200)).body as EndedOffer[];
      expect(ended).toEqual([
        { assignmentId: expect.any(String), bookingId: takenBack.id, reference: takenBack.reference, outcome: 'withdrawn', at: expect.any(String) },
        { assignmentId: expect.any(String), bookingId: missed.id, reference: missed.reference, outcome: 'expired', at: expect.any(String) },
      ]);
      expect(Date.parse(ended[0].at)).toBeGreaterThanOrEqual(Date.parse(ended[1].at));
      expect((await other.get('/api/drivers/current/ended-offers').expect(200)).body).toEqual([]);
      await request(stack.baseUrl).get('/api/drivers/current/ended-offers').expect(401);
    });

    it('fires each deadline once with two replicas of the booking service, and leaves an answered ride alone', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const rides: Booking[] = [];
      for (let i = 0; i < 4; i++) rides.push(await book(stack, { vehicleId: 1 + (i % 4) }, 20 + i, '09:00'));
      for (const ride of rides) await assign(stack, ride.id, driver.id).expect(200);
      await agent.post(`/api/bookings/${rides[0].id}/accept`).expect(200);
      await new Promise((r) => setTimeout(r, (DEADLINE_S + 4) * 1000));
      expect(await timelineKinds(rides[0].id)).toEqual(['created', 'assigned', 'accepted']);
      for (const ride of rides.slice(1)) {
        await eventually(async () => (await timelineKinds(ride.id)).includes('expired'), 10_000, `ride ${ride.reference} to expire`);
        expect((await timelineKinds(ride.id)).filter((k) => k === 'expired')).toHaveLength(1);
      }
    });

    it('lets exactly one of an accept and its deadline win when they meet', async () => {
      for (let round = 0; round < 3; round++) {
        const { driver, agent } = await signedInDriver(stack);
        const ride = await book(stack, {}, 30 + round, '10:00');
        const assigned = (await assign(stack, ride.id, driver.id).expect(200)).body as Booking;
        const wait = new Date(assigned.responseDeadline!).getTime() - Date.now() - 15;
        await new Promise((r) => setTimeout(r, Math.max(0, wait)));
        const answer = await agent.post(`/api/bookings/${ride.id}/accept`);
        await new Promise((r) => setTimeout(r, 2500));
        const kinds = await timelineKinds(ride.id);
        if (answer.status === 200) {
          expect(kinds).toEqual(['created', 'assigned', 'accepted']);
          expect((answer.body as DriverRide).status).toBe('confirmed');
        } else {
          expect(answer.status).toBe(409);
          await eventually(async () => (await timelineKinds(ride.id)).includes('expired'), 10_000, 'the expiry');
          expect((await timelineKinds(ride.id)).filter((k) => k === 'accepted' || k === 'expired')).toEqual(['expired']);
        }
      }
    });

    it('still fires a deadline that passed while every booking replica was down', async () => {
      const { driver } = await signedInDriver(stack);
      const ride = await book(stack, { vehicleId: 3 }, 40, '11:00');
      await assign(stack, ride.id, driver.id).expect(200);
      await stack.stopService('booking');
      await request(stack.baseUrl).get('/api/bookings').set('Authorization', admin()).expect(503);
      await new Promise((r) => setTimeout(r, (DEADLINE_S + 1) * 1000));
      await stack.startService('booking');
      await eventually(async () => (await timelineKinds(ride.id)).includes('expired'), 40_000, 'the deadline after the restart');
      expect((await timelineKinds(ride.id)).filter((k) => k === 'expired')).toHaveLength(1);
      // The restart and the sweep may take the whole 40 s allowed above on a busy machine: more than jest's default 30 s for the test.
    }, 70_000);
  });

  describe('live boards', () => {
    it('pushes an assignment to the admin and to that driver within a second, and not to another driver', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const { agent: otherAgent } = await signedInDriver(stack);
      const adminStream = await open('/api/admin/stream', { Authorization: admin() });
      const driverStream = await open('/api/drivers/current/stream', { Cookie: cookieOf(agent) });
      const otherStream = await open('/api/drivers/current/stream', { Cookie: cookieOf(otherAgent) });
      expect([adminStream.status, driverStream.status, otherStream.status]).toEqual([200, 200, 200]);
      // The stream slides the driver's session cookie, as every driver call does.
      expect(driverStream.responseHeaders.getSetCookie()).toEqual([expect.stringMatching(/^limo_driver=[^;]+;.*Max-Age=\d+/)]);
      const ride = await book(stack, { vehicleId: 2 }, 50, '12:00');
      const started = Date.now();
      await assign(stack, ride.id, driver.id).expect(200);
      const seen = await driverStream.waitFor((u) => u.bookingId === ride.id && u.type === 'booking.ride.assigned.v1', 3000);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(seen).toMatchObject({ reference: ride.reference, driverId: driver.id, driverResponse: 'pending' });
      await adminStream.waitFor((u) => u.bookingId === ride.id && u.type === 'booking.ride.assigned.v1', 3000);
      await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
      await adminStream.waitFor((u) => u.bookingId === ride.id && u.status === 'confirmed', 3000);
      await new Promise((r) => setTimeout(r, 300));
      expect(otherStream.updates().filter((u) => u.bookingId === ride.id)).toEqual([]);
      // A position reaches the admin's maps with the update itself; the driver's own stream gets no positions.
      await agent.post('/api/drivers/current/location').send({ latitude: 33.9416, longitude: -118.4085 }).expect(200);
      const moved = await adminStream.waitFor((u) => u.type === 'drivers.driver.location-updated.v1' && u.driverId === driver.id, 3000);
      expect(moved).toMatchObject({ latitude: 33.9416, longitude: -118.4085 });
      expect(driverStream.updates().filter((u) => u.type === 'drivers.driver.location-updated.v1')).toEqual([]);
    });

    it('resumes after the last event id a reconnecting client saw', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const first = await open('/api/drivers/current/stream', { Cookie: cookieOf(agent) });
      const ride = await book(stack, { vehicleId: 4 }, 51, '12:00');
      await assign(stack, ride.id, driver.id).expect(200);
      const assigned = await first.waitFor((u) => u.bookingId === ride.id, 3000);
      await first.close();
      await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
      const again = await open('/api/drivers/current/stream', { Cookie: cookieOf(agent), 'Last-Event-ID': assigned.id! });
      const missed = await again.waitFor((u) => u.bookingId === ride.id && u.status === 'confirmed', 3000);
      expect(Number(missed.id)).toBeGreaterThan(Number(assigned.id));
    });

    it('reads the stream once per gateway for every open board, and a reconnecting board gets each event it missed once, in order, while events keep coming', async () => {
      const created = async (n: number) => {
        const rides: Booking[] = [];
        for (let i = 0; i < n; i++) rides.push(await book(stack, { vehicleId: 1 + (i % 4) }, 60 + i, '09:00'));
        return rides;
      };
      const jsm = await jetstreamManager(stack.gateway.get(NATS_CONNECTION));
      const hubReaders = async () => {
        const names: string[] = [];
        for await (const info of jsm.consumers.list(eventStreamName(stack.env.vars.NATS_PREFIX))) names.push(info.name);
        return names.filter((name) => name.startsWith(LIVE_HUB_CONSUMER)).length;
      };
      const boards = [await open('/api/admin/stream', { Authorization: admin() })];
      for (let i = 0; i < 4; i++) boards.push(await open('/api/admin/stream', { Authorization: admin() }));
      // Every board is reading once each has had the same event.
      await eventually(async () => {
        const [ride] = await created(1);
        const got = await Promise.all(boards.map((board) => board.waitFor((u) => u.bookingId === ride.id, 1000).then(() => true, () => false)));
        return got.every(Boolean) || undefined;
      }, 10_000, 'every board to read the stream');
      expect(await hubReaders()).toBe(1);
      const watching = boards[0];

      const [mark] = await created(1);
      const seenAt = await watching.waitFor((u) => u.bookingId === mark.id, 3000);
      const missed = await created(3);
      // Reconnects while more bookings are made: the replay and the live events overlap.
      const [again, later] = await Promise.all([open('/api/admin/stream', { Authorization: admin(), 'Last-Event-ID': seenAt.id! }), created(3)]);
      const last = later[later.length - 1];
      await again.waitFor((u) => u.bookingId === last.id, 5000);
      await watching.waitFor((u) => u.bookingId === last.id, 5000);
      // What each board got after the mark, up to the last booking's creation.
      const between = (client: SseClient) => {
        const list = client.updates().filter((u) => Number(u.id) > Number(seenAt.id));
        return list.slice(0, list.findIndex((u) => u.bookingId === last.id && u.type === bookingEvents.created.type) + 1);
      };
      const ids = between(again).map((u) => Number(u.id));
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      expect(between(again)).toEqual(between(watching));
      expect(between(again).filter((u) => u.type === bookingEvents.created.type).map((u) => u.bookingId)).toEqual([...missed, ...later].map((b) => b.id));
    });

    it('starts a board from what comes next when its last event id is not in the stream (recreated since)', async () => {
      const ahead = await open('/api/admin/stream', { Authorization: admin(), 'Last-Event-ID': '999999999' });
      const behind = await open('/api/admin/stream', { Authorization: admin(), 'Last-Event-ID': '0' });
      const ride = await book(stack, { vehicleId: 2 }, 70, '09:00');
      await ahead.waitFor((u) => u.bookingId === ride.id, 3000);
      await behind.waitFor((u) => u.bookingId === ride.id, 3000);
      expect(ahead.updates().filter((u) => u.bookingId === ride.id)).toHaveLength(1);
    });

    it('opens the admin board only to an admin and a driver board only to a signed-in driver', async () => {
      expect((await open('/api/admin/stream', {})).status).toBe(401);
      expect((await open('/api/drivers/current/stream', {})).status).toBe(401);
      expect((await open('/api/drivers/current/stream', { Authorization: admin() })).status).toBe(401);
    });
  });
});
