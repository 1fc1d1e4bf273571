import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import request from 'supertest';
import pg from 'pg';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { bookingEvents, DISPATCH_MESSAGES, addDays, businessToday, type Booking } from '@limo/contracts';
import { writeAssignment } from '../src/dispatch/assign-driver/assignment-statement.js';
import { RidesRepository } from '../src/rides/rides.repository.js';
import { DEADLINE, DEADLINES_QUEUE, deadlineJobId } from '../src/dispatch/deadlines/deadline-queue.js';
import { REFERENCE_GENERATOR, type ReferenceSource } from '../src/bookings/booking-reference.js';
import { IdempotencyCleanup } from '../src/idempotency/idempotency-cleanup.js';
import { adminAuth } from '../../../tests/support/admin-auth.js';
import { assign, book, signedInDriver } from '../../../tests/support/drivers.js';
import { eventually } from '../../../tests/support/stack.js';
import { withStack } from '../../../tests/support/fixtures.js';

/** Response deadline in this file: short, so the early-job case waits seconds, not minutes. */
const DEADLINE_S = 10;

/**
 * What no client can steer, driven through the whole stack with the booking service's own classes
 * called or swapped: a write racing an edit, a reference collision, the idempotency cleanup, a
 * deadline job that fires early. These live here because only the service's own tests may import
 * its source (the architecture rules in .dependency-cruiser.cjs).
 */
describe('the booking service under races and housekeeping', () => {
  let db: pg.Pool;
  // The sweep hourly: each deadline here is its job's to expire.
  const stack = withStack({ env: { ASSIGNMENT_RESPONSE_SECONDS: String(DEADLINE_S), DEADLINE_SWEEP_SECONDS: '3600' } }, { beforeStop: () => db?.end() });
  const admin = () => adminAuth(stack);

  beforeAll(async () => {
    db = new pg.Pool({ connectionString: stack.env.databaseUrl, max: 2 });
  }, 90_000);

  /** A booking through the public API, sent with an Idempotency-Key (the body is book()'s). */
  const keyedBooking = (key: string) =>
    request(stack.baseUrl).post('/api/bookings').set('Idempotency-Key', key).send({
      tripType: 'one-way', pickupDate: addDays(businessToday(), 3), pickupTime: '10:30',
      pickupLocation: 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401', dropoffLocation: 'Downtown Los Angeles',
      vehicleId: 1, firstName: 'Riley', lastName: 'Rider', email: `rider-${randomUUID()}@example.com`, phone: '3105559876', paymentMethod: 'phone-card',
    }).expect(201);
  const getBooking = async (id: number) => (await request(stack.baseUrl).get('/api/bookings').set('Authorization', admin()).expect(200)).body.find((b: Booking) => b.id === id) as Booking;

  describe('assigning', () => {
    it('writes an assignment only on the booking version its rules were checked on, and its event carries the booking as stored', async () => {
      const { driver } = await signedInDriver(stack);
      const ride = await book(stack, { vehicleId: 2 }, 18, '10:00');
      const writtenFor = async (bookingId: number) => {
        const { rows } = await db.query(
          `SELECT (SELECT count(*) FROM booking.ride_assignments WHERE booking_id = $1)::int AS assignments,
                  (SELECT count(*) FROM booking.booking_timeline WHERE booking_id = $1 AND kind = 'assigned')::int AS timeline,
                  (SELECT count(*) FROM booking.outbox_events WHERE aggregate_id = $1::text AND type = $2)::int AS events,
                  (SELECT version FROM booking.bookings WHERE id = $1) AS version,
                  (SELECT hold_span IS NOT NULL FROM booking.bookings WHERE id = $1) AS held`,
          [bookingId, bookingEvents.rideAssigned.type],
        );
        return rows[0];
      };
      // As if an edit had committed between the use case's read and its write.
      const sql = new pg.Pool({ connectionString: stack.env.databaseUrl, options: '-c search_path=booking', max: 1 });
      try {
        const at = new Date();
        const stale = await writeAssignment(sql, {
          bookingId: ride.id,
          version: ride.version + 1,
          assignmentId: randomUUID(),
          driverId: driver.id,
          driverName: 'Dana Driver',
          vehicleId: 2,
          at,
          responseDeadline: new Date(at.getTime() + 60_000),
          span: { from: at, to: new Date(at.getTime() + 3_600_000) },
          actor: { kind: 'admin', id: null, name: 'admin' },
          detail: 'never written',
          event: { eventId: randomUUID(), type: bookingEvents.rideAssigned.type, occurredAt: at.toISOString(), aggregateId: String(ride.id), data: {} },
        });
        expect(stale).toEqual({ kind: 'moved-on' });
      } finally {
        await sql.end();
      }
      expect(await writtenFor(ride.id)).toEqual({ assignments: 0, timeline: 0, events: 0, version: ride.version, held: false });

      const assigned = (await assign(stack, ride.id, driver.id).expect(200)).body as Booking;
      expect(await writtenFor(ride.id)).toEqual({ assignments: 1, timeline: 1, events: 1, version: ride.version + 1, held: true });
      const { rows } = await db.query(`SELECT payload FROM booking.outbox_events WHERE aggregate_id = $1::text AND type = $2`, [ride.id, bookingEvents.rideAssigned.type]);
      const stored = await getBooking(ride.id);
      expect(stored).toMatchObject({ version: assigned.version, driverId: driver.id, assignedAt: assigned.assignedAt, responseDeadline: assigned.responseDeadline });
      expect(rows[0].payload.data.booking).toMatchObject({
        id: ride.id,
        version: stored.version,
        driverId: driver.id,
        vehicleId: 2,
        driverResponse: 'pending',
        updatedAt: stored.updatedAt,
        totalAmount: stored.totalAmount,
      });
      expect(rows[0].payload.data.assignment).toMatchObject({ bookingId: ride.id, driverId: driver.id, vehicleId: 2, assignedAt: stored.assignedAt, responseDeadline: stored.responseDeadline, response: 'pending' });
    });

    it('decides again on the booking as it is now when it changed between the read and the write, and gives up with a 409 if it keeps changing', async () => {
      const { driver } = await signedInDriver(stack);
      const ride = await book(stack, { vehicleId: 3 }, 19, '10:00');
      const read = RidesRepository.prototype.find;
      // As if an edit had committed after each read: the row read is one version behind.
      const stale = async function (this: RidesRepository, id: number) {
        const row = await read.call(this, id);
        return row && { ...row, version: row.version - 1 };
      };
      const find = jest.spyOn(RidesRepository.prototype, 'find').mockImplementation(stale);
      try {
        expect((await assign(stack, ride.id, driver.id).expect(409)).body.message).toBe(DISPATCH_MESSAGES.changedWhileAssigning);
        expect(find.mock.calls.filter(([id]) => id === ride.id)).toHaveLength(3);
        expect(await getBooking(ride.id)).toMatchObject({ driverId: null, version: ride.version });
        find.mockReset();
        find.mockImplementationOnce(stale).mockImplementation(read);
        const assigned = (await assign(stack, ride.id, driver.id).expect(200)).body as Booking;
        expect(assigned).toMatchObject({ driverId: driver.id, version: ride.version + 1 });
      } finally {
        find.mockRestore();
      }
    });
  });

  describe('deadlines', () => {
    it('expires on time a deadline whose job fired early (clocks a little apart), not at the next sweep', async () => {
      const { driver } = await signedInDriver(stack);
      const ride = await book(stack, {}, 3, '09:00');
      const assigned = (await assign(stack, ride.id, driver.id).expect(200)).body as Booking;
      // BullMQ leaves a connection it was given open: this test closes it.
      const redis = new Redis(stack.env.gatewayConfig.REDIS_URL, { maxRetriesPerRequest: null });
      const queue = new Queue(DEADLINES_QUEUE, { connection: redis, prefix: `${stack.env.id}:bull` });
      try {
        const { rows } = await db.query(`SELECT id FROM booking.ride_assignments WHERE booking_id = $1`, [ride.id]);
        const id = deadlineJobId(ride.id, rows[0].id);
        const job = await eventually(async () => (await queue.getJob(id)) ?? undefined, 5000, 'the deadline job');
        // The same job, due now: as a replica whose clock runs ahead would run it.
        await job.remove();
        await queue.add(DEADLINE, job.data, { jobId: id, removeOnComplete: true });
        const expired = await eventually(async () => {
          const row = (await db.query(`SELECT driver_response FROM booking.bookings WHERE id = $1`, [ride.id])).rows[0];
          return row.driver_response === 'expired' ? row : undefined;
        }, (DEADLINE_S + 5) * 1000, 'the early job to expire the assignment at its deadline');
        expect(expired).toBeDefined();
        const late = Date.now() - Date.parse(assigned.responseDeadline!);
        expect(late).toBeGreaterThanOrEqual(0);
      } finally {
        await queue.close();
        redis.disconnect();
      }
    });
  });

  describe('creating a booking', () => {
    it('retries with a new reference when the generated one is already taken', async () => {
      const first = await book(stack);
      const source = stack.services.booking!.app.get<ReferenceSource>(REFERENCE_GENERATOR, { strict: false });
      const original = source.next;
      const queue = [first.reference, first.reference, 'LX-ZZZZ2'];
      source.next = () => queue.shift() ?? original();
      try {
        const second = await book(stack);
        expect(second.reference).toBe('LX-ZZZZ2');
        expect(queue).toEqual([]);
      } finally {
        source.next = original;
      }
    });

    it('forgets keys after a day, so the hourly cleanup keeps the table small', async () => {
      const key = `old-${Date.now()}`;
      await keyedBooking(key);
      await db.query(`UPDATE booking.idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [key]);
      const cleanup = stack.services.booking!.app.get(IdempotencyCleanup);
      expect(await cleanup.run()).toBeGreaterThanOrEqual(1);
      expect((await db.query(`SELECT 1 FROM booking.idempotency_keys WHERE key = $1`, [key])).rowCount).toBe(0);
    });
  });
});
