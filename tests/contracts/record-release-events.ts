import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import request from 'supertest';
import { adminAuth } from '../support/admin-auth.js';
import { assign, book, signedInDriver } from '../support/drivers.js';
import { eventually, startTestStack, type TestStack } from '../support/stack.js';
import { eventsOnStream, RECORDED_EVENTS, type RecordedRelease } from './release-events.js';

/**
 * `npm run contracts:record`: drives every kind of event through the product as it is now and
 * keeps what landed on the stream in previous-release-events.json, which the next release's
 * consumers must still read (replay-previous-release.test.ts). Run it when a release ships.
 * Not part of `npm test` (it rewrites the recording).
 */
const RESPONSE_SECONDS = 4;

describe('recording the events of this release', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { ASSIGNMENT_RESPONSE_SECONDS: String(RESPONSE_SECONDS), RIDE_START_WINDOW_MINUTES: '100000' } });
  }, 90_000);
  afterAll(() => stack?.stop());

  it('drives every event type and records the stream', async () => {
    const api = request(stack.baseUrl);
    const admin = adminAuth(stack);
    // Fleet: a vehicle added and edited.
    const vehicle = await api.post('/api/admin/vehicles').set('Authorization', admin)
      .send({ name: 'Recorded Sprinter', category: 'party-bus', description: 'Recorded', capacity: 12, baseRate: '150.00' }).expect(201);
    await api.patch(`/api/admin/vehicles/${vehicle.body.id}`).set('Authorization', admin).send({ description: 'Recorded, edited' }).expect(200);

    // Drivers: one registered, signed in, on duty, sharing a position, edited by the admin.
    const { agent, driver } = await signedInDriver(stack, { firstName: 'Recorded' });
    await agent.post('/api/drivers/current/location').send({ latitude: 34.0522, longitude: -118.2437, accuracy: 12 }).expect(200);
    await api.patch(`/api/admin/drivers/${driver.id}`).set('Authorization', admin).send({ address: '2 Recorded Way, Los Angeles, CA' }).expect(200);

    // A ride assigned, withdrawn, assigned again, accepted and driven to completion.
    const driven = await book(stack, { smsUpdates: true, childSeats: true });
    await assign(stack, driven.id, driver.id).expect(200);
    await api.post(`/api/admin/bookings/${driven.id}/withdraw`).set('Authorization', admin).expect(200);
    await assign(stack, driven.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${driven.id}/accept`).expect(200);
    for (const driverStatus of ['en-route', 'arrived', 'picked-up', 'halfway', 'two-miles', 'dropped-off', 'completed']) {
      await agent.put(`/api/bookings/${driven.id}/driver-status`).send({ driverStatus }).expect(200);
    }

    // A ride whose driver never answers, one declined, one edited and cancelled by the admin.
    const missed = await book(stack, { tripType: 'hourly', dropoffLocation: '', duration: 4 }, 4);
    await assign(stack, missed.id, driver.id).expect(200);
    const declined = await book(stack, {}, 5);
    await eventually(async () => (await api.get(`/api/admin/bookings/${missed.id}/timeline`).set('Authorization', admin)).text.includes('expired'), RESPONSE_SECONDS * 1000 + 40_000, 'the missed assignment to expire');
    await assign(stack, declined.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${declined.id}/decline`).expect(200);
    const edited = await book(stack, {}, 6);
    await api.patch(`/api/bookings/${edited.id}`).set('Authorization', admin).send({ adminNotes: 'Recorded note', pickupTime: '14:00' }).expect(200);
    await api.patch(`/api/bookings/${edited.id}`).set('Authorization', admin).send({ status: 'cancelled' }).expect(200);
    await agent.post('/api/drivers/current/toggle-duty').expect(200);

    const types = ['fleet.vehicle.created.v1', 'fleet.vehicle.updated.v1', 'drivers.driver.registered.v1', 'drivers.driver.updated.v1', 'drivers.driver.duty-changed.v1',
      'drivers.driver.location-updated.v1', 'booking.booking.created.v1', 'booking.booking.updated.v1', 'booking.booking.status-changed.v1', 'booking.ride.assigned.v1',
      'booking.ride.answered.v1', 'booking.ride.assignment-expired.v1', 'booking.ride.assignment-withdrawn.v1', 'booking.ride.progressed.v1'];
    const events = await eventually(async () => {
      const all = await eventsOnStream(stack.env.id);
      return types.every((t) => all.some((e) => e.type === t)) && all.filter((e) => e.type === 'drivers.driver.duty-changed.v1').length >= 2 ? all : undefined;
    }, 20_000, 'every event type on the stream');

    const release: RecordedRelease = {
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
      driversRegistered: 1,
      events,
    };
    writeFileSync(RECORDED_EVENTS, `${JSON.stringify(release, null, 1)}\n`);
  }, 120_000);
});
