import request from 'supertest';
import { addDays, businessInstant, businessToday, formatBusinessInstant, FLIGHT_DELAY_MESSAGES, FLIGHT_MESSAGES, type Booking, type DriverRide, type TimelineEntry } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, signedInDriver } from '../../tests/support/drivers.js';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

/*
 * The pickup follows the arriving flight (decisions.md, "Airport rides"; issue 34): the simulated
 * provider's what-if delays a flight, the poll sees it, and the airport pickup moves to the new
 * arrival plus the 15-minute free-wait start, price untouched, written as an edit (history, the
 * customer's "updated" email, the driver's card), never for a cancelled ride; a driver who already
 * has a ride at the new time leaves the move standing and the admin told.
 */

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const HOTEL = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';
const PIER = 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401';

describe('flights followed: the pickup moves with the arriving flight', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  // A poll every second; tomorrow's rides are followed already.
  const stack = withStack(() => ({
    services: ['fleet', 'booking', 'drivers', 'notifications'],
    env: { SMTP_URL: inbox.url, FLIGHT_POLL_SECONDS: '1', FLIGHT_POLL_HOURS_AHEAD: '48' },
  }));
  afterAll(() => inbox?.close());

  const api = () => request(stack.baseUrl);
  const tomorrow = addDays(businessToday(), 1);
  const delay = (flight: string, body: unknown) => api().put(`/api/admin/flights/${encodeURIComponent(flight)}/delay`).set('Authorization', adminAuth(stack)).send(body);
  const bookings = async () => (await api().get('/api/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[];
  const current = async (id: number) => (await bookings()).find((b) => b.id === id) as Booking;
  const history = async (id: number) => ((await api().get(`/api/admin/bookings/${id}/timeline`).set('Authorization', adminAuth(stack)).expect(200)).body as TimelineEntry[]).map((e) => e.detail ?? '');

  it('a 90-minute delay moves the pickup 16:30 → 18:00, price kept, history, email and the driver follow; a cancelled ride stays', async () => {
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'UA 1542' }, 1, '16:30');
    const cancelled = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'UA 1542' }, 1, '16:30');
    const cancelledVersion = ((await api().patch(`/api/bookings/${cancelled.id}`).set('Authorization', adminAuth(stack)).send({ status: 'cancelled' }).expect(200)).body as Booking).version;
    const { agent, driver } = await signedInDriver(stack);
    await assign(stack, ride.id, driver.id).expect(200);
    const assigned = await current(ride.id);

    const set = await delay('UA1542', { date: tomorrow, minutes: 90 }).expect(200);
    expect(set.body).toEqual({ flightNumber: 'UA 1542', date: tomorrow, minutes: 90, rides: 1 });

    const moved = await eventually(async () => {
      const now = await current(ride.id);
      return now.pickupTime === '18:00' && now;
    }, 15_000, 'the pickup to follow the flight');
    expect(moved).toMatchObject({ pickupDate: tomorrow, version: assigned.version + 1, totalAmount: ride.totalAmount, baseRate: ride.baseRate, driverId: driver.id });
    expect(await history(ride.id)).toContain('Flight UA 1542 now lands 17:45: pickup moved 16:30 → 18:00');

    const mail = await eventually(async () => inbox.to(ride.email).find((m) => m.subject.includes('updated')), 15_000, "the customer's updated email");
    expect(mail.body).toContain(formatBusinessInstant(businessInstant(tomorrow, '18:00')));
    const card = ((await agent.get('/api/drivers/current/bookings').expect(200)).body as DriverRide[]).find((r) => r.id === ride.id);
    expect(card).toMatchObject({ pickupTime: '18:00', pickupAt: businessInstant(tomorrow, '18:00').toISOString() });

    // The same pass saw the cancelled ride's flight, and later polls move nothing twice.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await current(cancelled.id)).toMatchObject({ pickupTime: '16:30', status: 'cancelled', version: cancelledVersion });
    expect((await history(cancelled.id)).some((line) => line.startsWith('Flight'))).toBe(false);
    expect(await current(ride.id)).toMatchObject({ pickupTime: '18:00', version: assigned.version + 1 });
  });

  it('a delay into the driver\'s next ride keeps the move and puts the clash in the history', async () => {
    const { driver } = await signedInDriver(stack, { firstName: 'Nico' });
    const arrival = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'DL 401' }, 1, '10:30');
    const next = await book(stack, { pickupLocation: PIER, dropoffLocation: HOTEL }, 1, '13:00');
    await assign(stack, arrival.id, driver.id).expect(200);
    await assign(stack, next.id, driver.id).expect(200);

    await delay('DL 401', { date: tomorrow, minutes: 60 }).expect(200);
    const moved = await eventually(async () => {
      const now = await current(arrival.id);
      return now.pickupTime === '11:30' && now;
    }, 15_000, 'the pickup to follow the flight');
    expect(moved.driverId).toBe(driver.id);
    const lines = await history(arrival.id);
    expect(lines).toContain(`Flight DL 401 now lands 11:15: pickup moved 10:30 → 11:30. At risk: the driver already has ride ${next.reference} at the new time; reassign one of them`);
    expect(await current(next.id)).toMatchObject({ pickupTime: '13:00', driverId: driver.id });
  });

  it('a pickup the admin pinned stays where it is, the history says why, and unpinned it follows the flight again', async () => {
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'AA 100' }, 1, '09:00');
    const pinned = await api().patch(`/api/bookings/${ride.id}`).set('Authorization', adminAuth(stack)).send({ pickupPinned: true }).expect(200);
    expect(pinned.body).toMatchObject({ pickupPinned: true, version: ride.version + 1 });

    await delay('AA100', { date: tomorrow, minutes: 45 }).expect(200);
    await eventually(async () => (await history(ride.id)).includes('Flight AA 100 now lands 09:30: pickup pinned at 09:00, not moved'), 15_000, 'the pinned line');
    expect(await current(ride.id)).toMatchObject({
      pickupTime: '09:00',
      version: ride.version + 1,
      flightStatus: 'delayed',
      flightArrival: businessInstant(tomorrow, '09:30').toISOString(),
    });
    expect(await history(ride.id)).toContain('Pickup pinned: the flight no longer moves it');

    // Unpinned, the delay seen meanwhile moves it at the next poll.
    await api().patch(`/api/bookings/${ride.id}`).set('Authorization', adminAuth(stack)).send({ pickupPinned: false }).expect(200);
    const moved = await eventually(async () => {
      const now = await current(ride.id);
      return now.pickupTime === '09:45' && now;
    }, 15_000, 'the unpinned pickup to follow the flight');
    expect(moved).toMatchObject({ pickupPinned: false, totalAmount: ride.totalAmount });
  });

  it("knows a midnight pickup's flight by the day it lands: the evening before", async () => {
    const landsOn = addDays(businessToday(), 1);
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'DL 2300' }, 2, '00:00');
    // Its flight is expected at 23:45 the evening before; a what-if on that day finds the ride.
    const set = await delay('DL2300', { date: landsOn, minutes: 30 }).expect(200);
    expect(set.body).toMatchObject({ date: landsOn, rides: 1 });
    const moved = await eventually(async () => {
      const now = await current(ride.id);
      return now.pickupTime === '00:30' && now;
    }, 15_000, 'the pickup to follow the flight');
    expect(moved.pickupDate).toBe(addDays(businessToday(), 2));
  });

  it('refuses a what-if of the wrong shape with 400, and anyone but the admin', async () => {
    const bad = async (flight: string, body: unknown, message: string) => {
      const res = await delay(flight, body).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    };
    await bad('UA1542', { date: tomorrow, minutes: -5 }, FLIGHT_DELAY_MESSAGES.minutes);
    await bad('UA1542', { date: tomorrow, minutes: 24 * 60 + 1 }, FLIGHT_DELAY_MESSAGES.minutes);
    await bad('UA1542', { date: tomorrow, minutes: 2.5 }, FLIGHT_DELAY_MESSAGES.minutes);
    await bad('UA1542', { date: 'tomorrow', minutes: 30 }, FLIGHT_DELAY_MESSAGES.date);
    await bad('UA1542', { date: tomorrow, minutes: 30, delayedBy: 'weather' }, 'delayedBy');
    await bad('United1542', { date: tomorrow, minutes: 30 }, FLIGHT_MESSAGES.shape);
    await api().put('/api/admin/flights/UA1542/delay').send({ date: tomorrow, minutes: 30 }).expect(401);
  });
});
