import request from 'supertest';
import { connect } from '@nats-io/transport-node';
import { addDays, BOOKING_MESSAGES, bookingRpc, businessToday, notStartableYet, type Booking, type DriverRide, type TimelineEntry } from '@limo/contracts';
import { RpcClient } from '@limo/messaging';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, pickupIn, signedInDriver, type DriverAgent } from '../../tests/support/drivers.js';
import { TEST_SERVERS } from '../../tests/support/test-env.js';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * A ride is driven on its day: the driver may report en route only from RIDE_START_WINDOW_MINUTES
 * (180 here, the default) before the pickup; the admin can still move a ride's status by hand,
 * with a reason the timeline keeps.
 */
describe('the ride start window', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'], env: { RIDE_START_WINDOW_MINUTES: '180' } });
  const admin = () => adminAuth(stack);


  /** A booking given to a new driver, who accepts it. */
  async function acceptedRide(when: Record<string, string>): Promise<{ agent: DriverAgent; ride: Booking }> {
    const { agent, driver } = await signedInDriver(stack);
    const ride = await book(stack, when);
    await assign(stack, ride.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
    return { agent, ride };
  }
  const start = (agent: DriverAgent, id: number) => agent.put(`/api/bookings/${id}/driver-status`).send({ driverStatus: 'en-route' });
  const patch = (id: number, body: object) => request(stack.baseUrl).patch(`/api/bookings/${id}`).set('Authorization', admin()).send(body);
  const read = async (id: number) => (await request(stack.baseUrl).get('/api/bookings').set('Authorization', admin()).expect(200)).body.find((b: Booking) => b.id === id) as Booking;
  const timeline = async (id: number) => (await request(stack.baseUrl).get(`/api/admin/bookings/${id}/timeline`).set('Authorization', admin()).expect(200)).body as TimelineEntry[];

  it('refuses to start a ride days before its pickup, saying from when it can be started, and changes nothing', async () => {
    const { agent, ride } = await acceptedRide({ pickupDate: addDays(businessToday(), 5), pickupTime: '10:30' });
    const [mine] = (await agent.get('/api/drivers/current/bookings').expect(200)).body as DriverRide[];
    const opens = new Date(Date.parse(mine.pickupAt) - 180 * 60_000);
    expect(mine.startableFrom).toBe(opens.toISOString());

    const refused = await start(agent, ride.id).expect(409);
    expect(refused.body).toEqual({ statusCode: 409, message: notStartableYet(opens, 180) });
    expect(refused.body.message).toMatch(/^You can start this ride from [A-Z][a-z]{2}, [A-Z][a-z]{2} \d+, 7:30 AM P[SD]T \(3 hours before pickup\)$/);
    expect(await read(ride.id)).toMatchObject({ status: 'confirmed', driverStatus: null, startedAt: null, version: ride.version + 2 });
    expect((await timeline(ride.id)).map((e) => e.kind)).toEqual(['created', 'assigned', 'accepted']);
  });

  it('starts a ride inside its window', async () => {
    const { agent, ride } = await acceptedRide(pickupIn(150));
    const started = (await start(agent, ride.id).expect(200)).body as DriverRide;
    expect(started).toMatchObject({ status: 'in-progress', driverStatus: 'en-route' });
  });

  it('lets the admin move a ride with a driver by hand only with a reason, which the timeline keeps; the driver may then set off', async () => {
    const { agent, ride } = await acceptedRide({ pickupDate: addDays(businessToday(), 3), pickupTime: '09:00' });
    expect((await patch(ride.id, { status: 'in-progress' }).expect(400)).body).toEqual({ statusCode: 400, message: BOOKING_MESSAGES.statusReasonRequired });
    expect((await patch(ride.id, { status: 'in-progress', statusReason: '   ' }).expect(400)).body.message).toBe(BOOKING_MESSAGES.statusReasonRequired);
    expect(await read(ride.id)).toMatchObject({ status: 'confirmed', version: ride.version + 2 });

    await patch(ride.id, { status: 'in-progress', statusReason: '  Pickup moved up by phone; driver sets off now ' }).expect(200);
    const [, , , moved] = await timeline(ride.id);
    expect(moved).toMatchObject({ kind: 'status-changed', actor: { kind: 'admin' }, detail: 'Status confirmed → in-progress. Reason: Pickup moved up by phone; driver sets off now' });
    expect((await start(agent, ride.id).expect(200)).body).toMatchObject({ status: 'in-progress', driverStatus: 'en-route' });
  });

  it('keeps the spec\'s payload for a booking without an accepted driver, and refuses a reason without a status or too long', async () => {
    const { driver } = await signedInDriver(stack);
    const offered = await book(stack, {}, 6);
    await assign(stack, offered.id, driver.id).expect(200);
    // An offer not yet answered is withdrawn by the change, as by Withdraw: no reason asked.
    expect((await patch(offered.id, { status: 'cancelled' }).expect(200)).body).toMatchObject({ status: 'cancelled', driverId: null, driverResponse: 'withdrawn' });

    const ride = await book(stack, {}, 4);
    await patch(ride.id, { status: 'confirmed' }).expect(200);
    await patch(ride.id, { status: 'cancelled', statusReason: 'Customer called' }).expect(200);
    expect((await timeline(ride.id)).at(-1)?.detail).toBe('Status confirmed → cancelled. Reason: Customer called');
    expect((await patch(ride.id, { adminNotes: 'x', statusReason: 'why' }).expect(400)).body).toMatchObject({ statusCode: 400, message: BOOKING_MESSAGES.statusReasonWithoutStatus });
    expect((await patch(ride.id, { status: 'confirmed', statusReason: 'x'.repeat(501) }).expect(400)).body.message).toBe('statusReason: Status reason must be at most 500 characters');
    expect((await read(ride.id)).status).toBe('cancelled');
  });

  it('still serves booking.bookings.update.v1 (no statusReason) to a gateway of the previous release', async () => {
    const ride = await book(stack, {}, 4);
    const nc = await connect({ servers: TEST_SERVERS.nats });
    try {
      const rpc = new RpcClient(nc, { prefix: stack.env.id, timeoutMs: 10_000 });
      const updated = await rpc.request(bookingRpc.updateV1, { id: ride.id, changes: { status: 'confirmed', adminNotes: 'By phone' } });
      expect(updated).toMatchObject({ id: ride.id, status: 'confirmed', adminNotes: 'By phone' });
    } finally {
      await nc.close();
    }
  });
});
