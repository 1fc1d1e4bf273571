import { randomUUID } from 'node:crypto';
import request from 'supertest';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { bookingEvents, DISPATCH_MESSAGES, toCents, type Booking, type DriverOption, type DriverRide, type EventEnvelope, type TimelineEntry } from '@limo/contracts';
import { EventPublisher } from '@limo/messaging';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, pickupIn, signedInDriver } from '../../tests/support/drivers.js';
import { eventually } from '../../tests/support/stack.js';
import { TEST_SERVERS } from '../../tests/support/test-env.js';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * Assign & Notify against the whole stack (decisions.md, Dispatch): assigning, answering, the
 * overlap rule held by the database, ride progress to completion with earnings, the timeline.
 */
describe('dispatch', () => {
  let db: pg.Pool;
  const stack = withStack({}, { beforeStop: () => db?.end() });
  const admin = () => adminAuth(stack);

  beforeAll(async () => {
    db = new pg.Pool({ connectionString: stack.env.databaseUrl, max: 2 });
  }, 90_000);

  const driverTotals = async (id: number) =>
    (await request(stack.baseUrl).get(`/api/admin/drivers/${id}`).set('Authorization', admin()).expect(200)).body as { totalRides: number; totalEarnings: string };
  const getBooking = async (id: number) => (await request(stack.baseUrl).get('/api/bookings').set('Authorization', admin()).expect(200)).body.find((b: Booking) => b.id === id) as Booking;

  describe('assigning', () => {
    it('gives a pending ride to an on-duty driver, who must answer by the deadline; the booking stays pending', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const ride = await book(stack);
      const before = Date.now();
      const res = await assign(stack, ride.id, driver.id).expect(200);
      const booking = res.body as Booking;
      expect(booking).toMatchObject({ id: ride.id, status: 'pending', driverId: driver.id, driverResponse: 'pending', vehicleId: 1 });
      const deadline = new Date(booking.responseDeadline!).getTime();
      expect(deadline - new Date(booking.assignedAt!).getTime()).toBe(900_000);
      expect(new Date(booking.assignedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
      const rides = (await agent.get('/api/drivers/current/bookings').expect(200)).body as DriverRide[];
      expect(rides).toEqual([expect.objectContaining({ id: ride.id, reference: ride.reference, driverResponse: 'pending', customerName: 'Riley Rider', meetGreet: true })]);
      // Its places for the card's map: Santa Monica Pier and Downtown Los Angeles, from the gazetteer.
      expect(rides[0]).toMatchObject({ pickupPoint: { latitude: 34.0086, longitude: -118.4986 }, dropoffPoint: { latitude: 34.0407, longitude: -118.2468 } });
    });

    it('refuses an off-duty driver, an unknown driver, an unknown vehicle and a ride that is not pending', async () => {
      const { driver } = await signedInDriver(stack, { onDuty: false });
      const ride = await book(stack);
      expect((await assign(stack, ride.id, driver.id).expect(409)).body.message).toBe('This driver is off duty');
      expect((await assign(stack, ride.id, 999_999).expect(400)).body.message).toBe('No such driver');
      const { driver: onDuty } = await signedInDriver(stack);
      expect((await assign(stack, ride.id, onDuty.id, 999).expect(400)).body.message).toBe('No such vehicle');
      await request(stack.baseUrl).patch(`/api/bookings/${ride.id}`).set('Authorization', admin()).send({ status: 'cancelled' }).expect(200);
      expect((await assign(stack, ride.id, onDuty.id).expect(409)).body.message).toBe('Only a pending ride can be assigned');
      expect((await assign(stack, 2_000_000, onDuty.id).expect(404)).body.message).toBe('Booking not found');
    });

    it('refuses a deactivated driver, a vehicle out of service and a completed ride', async () => {
      const { driver: inactive } = await signedInDriver(stack);
      await request(stack.baseUrl).patch(`/api/admin/drivers/${inactive.id}`).set('Authorization', admin()).send({ isActive: false }).expect(200);
      const ride = await book(stack, { vehicleId: 3 }, 18, '10:00');
      expect((await assign(stack, ride.id, inactive.id).expect(409)).body.message).toBe('This driver is not active');

      const { driver, agent } = await signedInDriver(stack);
      const parked = await request(stack.baseUrl)
        .post('/api/admin/vehicles')
        .set('Authorization', admin())
        .send({ name: `Parked ${Date.now()}`, category: 'sedan', description: 'In the workshop', capacity: 3, baseRate: '245.00', isActive: false })
        .expect(201);
      expect((await assign(stack, ride.id, driver.id, parked.body.id).expect(409)).body.message).toBe('This vehicle is not in service');
      expect((await getBooking(ride.id)).driverId).toBeNull();

      await assign(stack, ride.id, driver.id).expect(200);
      await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
      for (const status of ['en-route', 'arrived', 'picked-up', 'dropped-off', 'completed'] as const) await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: status }).expect(200);
      const { driver: another } = await signedInDriver(stack);
      expect((await assign(stack, ride.id, another.id).expect(409)).body.message).toBe('Only a pending ride can be assigned');
    });

    it('holds a driver for an hourly ride\'s whole duration plus turnaround', async () => {
      const { driver } = await signedInDriver(stack);
      // Hourly, 3 hours from 09:00: held until 12:00, then 30 minutes of turnaround.
      const hourly = await book(stack, { tripType: 'hourly', duration: 3, dropoffLocation: undefined, vehicleId: 2 }, 20, '09:00');
      const clash = await book(stack, { vehicleId: 3 }, 20, '12:00');
      const after = await book(stack, { vehicleId: 3 }, 20, '12:30');
      await assign(stack, hourly.id, driver.id).expect(200);
      expect((await assign(stack, clash.id, driver.id).expect(409)).body.message).toBe(`This driver already has ride ${hourly.reference} at that time`);
      await assign(stack, after.id, driver.id).expect(200);
    });

    it('refuses a second assignment while the driver has yet to answer, until it is withdrawn', async () => {
      const { driver } = await signedInDriver(stack);
      const { driver: other } = await signedInDriver(stack);
      const ride = await book(stack, {}, 4);
      await assign(stack, ride.id, driver.id).expect(200);
      expect((await assign(stack, ride.id, other.id).expect(409)).body.message).toMatch(/waiting for its driver to answer/);
      const withdrawn = await request(stack.baseUrl).post(`/api/admin/bookings/${ride.id}/withdraw`).set('Authorization', admin()).expect(200);
      expect(withdrawn.body).toMatchObject({ status: 'pending', driverId: null, driverResponse: 'withdrawn' });
      await assign(stack, ride.id, other.id).expect(200);
    });
  });

  describe('overlap', () => {
    it('refuses to give a driver two rides whose spans overlap, naming the other ride', async () => {
      const { driver } = await signedInDriver(stack);
      const first = await book(stack, {}, 10, '09:00');
      // One-way: 120 minutes plus 30 of turnaround: 11:30 overlaps, 11:30 exactly does not.
      const second = await book(stack, { vehicleId: 2 }, 10, '11:00');
      const third = await book(stack, { vehicleId: 2 }, 10, '11:30');
      await assign(stack, first.id, driver.id).expect(200);
      const refused = await assign(stack, second.id, driver.id).expect(409);
      expect(refused.body.message).toBe(`This driver already has ride ${first.reference} at that time`);
      await assign(stack, third.id, driver.id).expect(200);
    });

    it('lets exactly one of two concurrent assignments of one driver to overlapping rides win', async () => {
      const { driver } = await signedInDriver(stack);
      const a = await book(stack, { vehicleId: 3 }, 12, '14:00');
      const b = await book(stack, { vehicleId: 4 }, 12, '14:30');
      const results = await Promise.all([assign(stack, a.id, driver.id), assign(stack, b.id, driver.id)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409)!;
      const winner = results[0].status === 200 ? a : b;
      expect(loser.body.message).toBe(`This driver already has ride ${winner.reference} at that time`);
      const held = await db.query(`SELECT count(*)::int AS n FROM booking.bookings WHERE driver_id = $1 AND hold_span IS NOT NULL`, [driver.id]);
      expect(held.rows[0].n).toBe(1);
    });

    it('holds the vehicle too: another driver cannot take the same car at the same time', async () => {
      const { driver } = await signedInDriver(stack);
      const { driver: other } = await signedInDriver(stack);
      const a = await book(stack, {}, 14, '08:00');
      const b = await book(stack, {}, 14, '09:00');
      await assign(stack, a.id, driver.id).expect(200);
      expect((await assign(stack, b.id, other.id).expect(409)).body.message).toBe(`This vehicle is already booked for ride ${a.reference} at that time`);
      await assign(stack, b.id, other.id, 2).expect(200);
    });

    it('lists the on-duty drivers with who is free at the ride\'s time', async () => {
      const { driver: busy } = await signedInDriver(stack, { firstName: 'Busy' });
      const { driver: free } = await signedInDriver(stack, { firstName: 'Free' });
      const held = await book(stack, { vehicleId: 2 }, 16, '10:00');
      const ride = await book(stack, { vehicleId: 3 }, 16, '11:00');
      await assign(stack, held.id, busy.id).expect(200);
      const options = (await request(stack.baseUrl).get(`/api/admin/bookings/${ride.id}/driver-options`).set('Authorization', admin()).expect(200)).body;
      expect(options).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ driverId: busy.id, name: `Busy ${busy.lastName}`, username: busy.username, free: false, conflict: { bookingId: held.id, reference: held.reference } }),
          expect.objectContaining({ driverId: free.id, name: `Free ${free.lastName}`, username: free.username, free: true, conflict: null }),
        ]),
      );
    });

    it('suggests the free drivers nearest to the pickup first, from their last location or their previous drop-off, and says why', async () => {
      const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
      const SANTA_MONICA_PIER = '34.0086, -118.4986';
      // Within the hours a shared location says anything about: the ride is in five hours.
      const soon = pickupIn(300);
      const [near, far, previous] = await Promise.all([signedInDriver(stack, { firstName: 'Near' }), signedInDriver(stack, { firstName: 'Far' }), signedInDriver(stack, { firstName: 'After' })]);
      await near.agent.post('/api/drivers/current/location').send({ latitude: 34.0195, longitude: -118.4912 }).expect(200); // Santa Monica
      await far.agent.post('/api/drivers/current/location').send({ latitude: 34.1478, longitude: -118.1445 }).expect(200); // Pasadena
      // 'After' drops a passenger at LAX before it: that is where they will be.
      const before = await book(stack, { pickupLocation: SANTA_MONICA_PIER, dropoffLocation: LAX, vehicleId: 2, ...pickupIn(130) });
      await assign(stack, before.id, previous.driver.id).expect(200);
      await previous.agent.post(`/api/bookings/${before.id}/accept`).expect(200);
      const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: SANTA_MONICA_PIER, vehicleId: 3, ...soon });

      const options = (await request(stack.baseUrl).get(`/api/admin/bookings/${ride.id}/driver-options`).set('Authorization', admin()).expect(200)).body as DriverOption[];
      const ours = options.filter((o) => [near.driver.id, far.driver.id, previous.driver.id].includes(o.driverId));
      expect(ours.map((o) => o.driverId)).toEqual([previous.driver.id, near.driver.id, far.driver.id]);
      expect(ours[0]).toMatchObject({ free: true, from: 'previous-drop-off', distanceMiles: 0, reason: `Free for the whole ride, 0 mi from the pickup (drop-off of ${before.reference})` });
      expect(ours[1]).toMatchObject({ free: true, from: 'last-location', distanceMiles: 7.2 });
      expect(ours[1].reason).toMatch(/^Free for the whole ride, 7\.2 mi from the pickup \(last location, (just now|\d+ min ago)\)$/);
      expect(ours[2]).toMatchObject({ free: true, from: 'last-location', distanceMiles: 20.8 });
      // Every option has its place in the order: the free ones with a known distance before the others.
      const rank = (o: DriverOption) => (o.free ? 0 : 2) + (o.distanceMiles == null ? 1 : 0);
      expect(options.map(rank)).toEqual([...options.map(rank)].sort((a, b) => a - b));
    });
  });

  describe('answering and driving', () => {
    it('takes an accepted ride through its statuses to completed, with the driver\'s earnings to the cent', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const ride = await book(stack, {}, 0 + 2, '12:00');
      await assign(stack, ride.id, driver.id).expect(200);
      const accepted = (await agent.post(`/api/bookings/${ride.id}/accept`).expect(200)).body as DriverRide;
      expect(accepted).toMatchObject({ status: 'confirmed', driverResponse: 'accepted' });
      expect((await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: 'picked-up' }).expect(409)).body.message).toBe(
        'This status cannot be skipped: report en-route first',
      );
      for (const status of ['en-route', 'arrived', 'picked-up', 'dropped-off'] as const) {
        await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: status }).expect(200);
      }
      expect((await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: 'arrived' }).expect(409)).body.message).toBe('A ride status can only move forward');
      const done = (await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: 'completed' }).expect(200)).body as DriverRide;
      // $115.00 all-in (Santa Monica to Downtown $90.00, meet and greet $25.00): $95.24 before fee and
      // gratuity, 60% of it $57.14, plus the whole gratuity $15.00.
      expect(ride.price).toMatchObject({ total: '115.00', base: '74.54', addOns: '20.70', gratuity: '15.00' });
      const expected = 5714 + 1500;
      expect(done).toMatchObject({ status: 'completed', driverStatus: 'completed' });
      expect(toCents(done.driverEarnings!)).toBe(expected);
      const booking = await getBooking(ride.id);
      expect(booking).toMatchObject({ status: 'completed', driverStatus: 'completed' });
      expect(booking.startedAt && booking.pickedUpAt && booking.droppedOffAt && booking.completedAt).toBeTruthy();
      // The driver's totals and today's shift figures follow (the drivers service applies the event).
      const me = await eventually(async () => {
        const current = (await agent.get('/api/drivers/current').expect(200)).body;
        return current.driver.totalRides === 1 ? current.driver : undefined;
      }, 10_000, 'the driver\'s totals');
      expect(toCents(me.totalEarnings)).toBe(expected);
      const timeline = (await request(stack.baseUrl).get(`/api/admin/bookings/${ride.id}/timeline`).set('Authorization', admin()).expect(200)).body as TimelineEntry[];
      expect(timeline.map((t) => t.kind === 'progressed' ? t.driverStatus : t.kind)).toEqual([
        'created',
        'assigned',
        'accepted',
        'en-route',
        'arrived',
        'picked-up',
        'dropped-off',
        'completed',
      ]);
      expect(timeline[1]).toMatchObject({ actor: { kind: 'admin', name: 'admin' }, driverId: driver.id, detail: expect.stringMatching(/answer due by \w{3}, \w{3} \d+, \d+:\d\d [AP]M P[SD]T$/) });
      expect(timeline[2]).toMatchObject({ kind: 'accepted', actor: { kind: 'driver', id: driver.id, name: `Dana ${driver.lastName}` }, driverName: `Dana ${driver.lastName}` });
    });

    it('hands a declined ride back to the pending list without a driver, and tells the admin', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const ride = await book(stack, {}, 5, '16:00');
      await assign(stack, ride.id, driver.id).expect(200);
      const declined = (await agent.post(`/api/bookings/${ride.id}/decline`).expect(200)).body as DriverRide;
      expect(declined).toMatchObject({ status: 'pending', driverResponse: 'declined' });
      expect(await getBooking(ride.id)).toMatchObject({ status: 'pending', driverId: null, driverResponse: 'declined' });
      expect((await agent.post(`/api/bookings/${ride.id}/accept`).expect(409)).body.message).toBe('This ride has already been answered');
      const alert = await eventually(async () => {
        const res = await request(stack.baseUrl).get('/api/admin/notifications').set('Authorization', admin()).expect(200);
        return res.body.alerts.find((a: { bookingId: number }) => a.bookingId === ride.id);
      }, 10_000, 'the decline to reach the notifications');
      expect(alert).toMatchObject({ kind: 'declined', reference: ride.reference, driverId: driver.id, driverName: `Dana ${driver.lastName}` });
    });

    it('refuses a second answer, and ride progress before acceptance or after cancellation', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const ride = await book(stack, { vehicleId: 3 }, 22, '08:00');
      await assign(stack, ride.id, driver.id).expect(200);
      expect((await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: 'en-route' }).expect(409)).body.message).toBe(
        'This ride is not confirmed: its status cannot move',
      );
      await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
      expect((await agent.post(`/api/bookings/${ride.id}/accept`).expect(409)).body.message).toBe('This ride has already been answered');
      expect((await agent.post(`/api/bookings/${ride.id}/decline`).expect(409)).body.message).toBe('This ride has already been answered');
      await request(stack.baseUrl).patch(`/api/bookings/${ride.id}`).set('Authorization', admin()).send({ status: 'cancelled', statusReason: 'Customer called' }).expect(200);
      const refused = await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: 'en-route' });
      expect(refused.status).toBe(409);
      expect((await getBooking(ride.id)).status).toBe('cancelled');
    });

    it('answers 404 to a driver about a ride they never had, and 409 once it was given to another', async () => {
      const { driver: first, agent: firstAgent } = await signedInDriver(stack);
      const { driver: second, agent: secondAgent } = await signedInDriver(stack);
      const ride = await book(stack, { vehicleId: 2 }, 6, '07:00');
      await assign(stack, ride.id, first.id).expect(200);
      expect((await secondAgent.post(`/api/bookings/${ride.id}/accept`).expect(404)).body.message).toBe('Booking not found');
      await request(stack.baseUrl).post(`/api/admin/bookings/${ride.id}/withdraw`).set('Authorization', admin()).expect(200);
      await assign(stack, ride.id, second.id).expect(200);
      expect((await firstAgent.post(`/api/bookings/${ride.id}/accept`).expect(409)).body.message).toBe('This ride has been given to another driver');
      expect((await firstAgent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: 'en-route' }).expect(409)).body.message).toBe('This ride has been given to another driver');
    });

    it('refuses to go off duty with a ride in progress', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const ride = await book(stack, { vehicleId: 4 }, 7, '18:00');
      await assign(stack, ride.id, driver.id).expect(200);
      await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
      await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: 'en-route' }).expect(200);
      const refused = await eventually(async () => {
        const res = await agent.post('/api/drivers/current/toggle-duty');
        return res.status === 409 ? res : undefined;
      }, 10_000, 'the ride in progress to block going off duty');
      expect(refused.body.message).toBe('You have a ride in progress: complete it before going off duty');
    });

    it('lets a driver go off duty after completing a ride, even when its en-route event arrives after the completion', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const ride = await book(stack, { vehicleId: 4 }, 8, '18:00');
      await assign(stack, ride.id, driver.id).expect(200);
      await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
      for (const status of ['en-route', 'picked-up', 'dropped-off', 'completed']) await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: status }).expect(200);
      await eventually(async () => ((await driverTotals(driver.id)).totalRides === 1 ? true : undefined), 10_000, 'the completion to reach the drivers service');
      // The en-route event once more, as a second relay or a retried batch can deliver it late
      // (a new event id, so JetStream and the consumer take it as a new event).
      const { rows } = await db.query<{ payload: EventEnvelope }>(
        `SELECT payload FROM booking.outbox_events WHERE aggregate_id = $1 AND type = $2 AND payload->'data'->>'driverStatus' = 'en-route'`,
        [String(ride.id), bookingEvents.rideProgressed.type],
      );
      const deliverLate = async () => {
        const late = { ...rows[0].payload, eventId: randomUUID() };
        const nc = await connect({ servers: TEST_SERVERS.nats });
        try {
          await new EventPublisher(nc, stack.env.id).publish(late);
        } finally {
          await nc.close();
        }
        await eventually(
          async () => ((await db.query(`SELECT 1 FROM drivers.processed_events WHERE event_id = $1`, [late.eventId])).rowCount ? true : undefined),
          10_000,
          'the late event to be applied',
        );
      };
      await deliverLate();
      // Again, for a ride completed before the drivers service kept ride states (none for it).
      await db.query(`DELETE FROM drivers.ride_states WHERE booking_id = $1`, [ride.id]);
      await deliverLate();
      expect(await driverTotals(driver.id)).toMatchObject({ totalRides: 1, totalEarnings: (await getBooking(ride.id)).driverEarnings });
      expect((await agent.post('/api/drivers/current/toggle-duty').expect(200)).body.isOnDuty).toBe(false);
    });

    it('gives a reopened ride\'s earnings to whoever completes it last, and starts the ride over', async () => {
      const { driver: first, agent: firstAgent } = await signedInDriver(stack);
      const { driver: second, agent: secondAgent } = await signedInDriver(stack);
      const ride = await book(stack, { vehicleId: 4 }, 9, '18:00');
      const drive = async (agent: typeof firstAgent) => {
        await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
        for (const status of ['en-route', 'picked-up', 'dropped-off', 'completed']) await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: status }).expect(200);
      };
      await assign(stack, ride.id, first.id).expect(200);
      await drive(firstAgent);
      await eventually(async () => ((await driverTotals(first.id)).totalRides === 1 ? true : undefined), 10_000, 'the first completion');

      await request(stack.baseUrl).patch(`/api/bookings/${ride.id}`).set('Authorization', admin()).send({ status: 'pending', statusReason: 'Driven by mistake' }).expect(200);
      expect(await getBooking(ride.id)).toMatchObject({
        status: 'pending',
        driverId: null,
        driverResponse: null,
        driverStatus: null,
        driverEarnings: null,
        startedAt: null,
        pickedUpAt: null,
        droppedOffAt: null,
        completedAt: null,
      });
      await eventually(async () => ((await driverTotals(first.id)).totalRides === 0 ? true : undefined), 10_000, 'the earnings to leave the first driver');
      expect((await driverTotals(first.id)).totalEarnings).toBe('0.00');

      await assign(stack, ride.id, second.id).expect(200);
      await drive(secondAgent);
      const earned = (await getBooking(ride.id)).driverEarnings!;
      const totals = await eventually(async () => {
        const t = await driverTotals(second.id);
        return t.totalRides === 1 ? t : undefined;
      }, 10_000, 'the second completion');
      expect(totals.totalEarnings).toBe(earned);
      expect(await driverTotals(first.id)).toMatchObject({ totalRides: 0, totalEarnings: '0.00' });
    });

    it('holds the driver again when a cancelled ride is confirmed again, and will not confirm an unanswered one', async () => {
      const { driver, agent } = await signedInDriver(stack);
      const ride = await book(stack, { vehicleId: 4 }, 10, '09:00');
      await assign(stack, ride.id, driver.id).expect(200);
      const patch = (id: number, body: object) => request(stack.baseUrl).patch(`/api/bookings/${id}`).set('Authorization', admin()).send(body);
      expect((await patch(ride.id, { status: 'confirmed' }).expect(409)).body.message).toBe(DISPATCH_MESSAGES.awaitingAnswer);
      await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
      await patch(ride.id, { status: 'cancelled', statusReason: 'Customer called' }).expect(200);
      // Free again: the same driver takes another ride at the same time.
      const other = await book(stack, { vehicleId: 3 }, 10, '09:30');
      await assign(stack, other.id, driver.id).expect(200);
      const refused = await patch(ride.id, { status: 'confirmed', statusReason: 'Customer called back' }).expect(409);
      expect(refused.body.message).toContain(other.reference);
      expect((await getBooking(ride.id)).status).toBe('cancelled');
    });
  });
});
