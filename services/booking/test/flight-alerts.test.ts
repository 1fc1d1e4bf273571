import request from 'supertest';
import { addDays, businessInstant, businessToday, type AdminNotifications, type Booking, type FlightAlertNotice } from '@limo/contracts';
import { Outbox } from '@limo/service-runtime';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { DispatchRepository } from '../src/rides/dispatch.repository.js';
import { DispatchSettings } from '../src/rides/dispatch-settings.js';
import { RidesRepository } from '../src/rides/rides.repository.js';
import { FlightSettings } from '../src/flights/flight-settings.js';
import { FlightStatusUnavailable, type FlightStatusProvider } from '../src/flights/flight-status.js';
import { FollowFlights } from '../src/flights/follow-flights.use-case.js';
import { adminAuth } from '../../../tests/support/admin-auth.js';
import { assign, book, pickupIn, signedInDriver } from '../../../tests/support/drivers.js';
import { withStack } from '../../../tests/support/fixtures.js';
import { eventually } from '../../../tests/support/stack.js';

/*
 * The admin's bell (GET /api/admin/notifications, reporting) lists the upcoming rides whose
 * flight needs the admin, from the flight alert the booking events carry: a delay that moves a
 * ride onto its driver's next ride (the simulated provider's what-if), a flight the provider does
 * not know, no fresh status within 2 hours of the pickup; each gone once resolved.
 */

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const HOTEL = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';

describe("flight alerts in the admin's bell", () => {
  // The scheduled poll runs once at start-up (no rides yet), then not for 10 minutes: each test polls by hand.
  const stack = withStack({ services: ['fleet', 'booking', 'drivers', 'reporting'], env: { FLIGHT_POLL_SECONDS: '600', FLIGHT_POLL_HOURS_AHEAD: '48' } });
  const admin = () => adminAuth(stack);
  const tomorrow = addDays(businessToday(), 1);

  /** The booking service's own poll (the simulated provider), or one with a provider the test steers. */
  const poll = (provider?: FlightStatusProvider, now?: Date) => {
    const app = stack.services.booking!.app;
    const follow = provider
      ? new FollowFlights(app.get(PrismaClient), app.get(Outbox), app.get(RidesRepository), app.get(DispatchRepository), app.get(DispatchSettings), app.get(FlightSettings), provider)
      : app.get(FollowFlights);
    return follow.poll(now);
  };
  const bell = async () => ((await request(stack.baseUrl).get('/api/admin/notifications').set('Authorization', admin()).expect(200)).body as AdminNotifications).flights;
  const listed = (bookingId: number) => eventually(async () => (await bell()).find((f) => f.bookingId === bookingId), 10_000, `booking ${bookingId} in the bell`);
  const gone = (bookingId: number) => eventually(async () => !(await bell()).some((f) => f.bookingId === bookingId), 10_000, `booking ${bookingId} out of the bell`);
  const current = async (id: number) => ((await request(stack.baseUrl).get('/api/bookings').set('Authorization', admin()).expect(200)).body as Booking[]).find((b) => b.id === id) as Booking;

  it("lists a ride a what-if delay moved onto its driver's next ride, until the clash is gone", async () => {
    const { driver } = await signedInDriver(stack);
    // 16:30 from LAX holds the driver until 19:00 (2 h ride, 30 min turnaround); the next ride is at 19:00.
    const arriving = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'UA 21', vehicleId: 2 }, 1, '16:30');
    const next = await book(stack, { vehicleId: 3 }, 1, '19:00');
    await assign(stack, arriving.id, driver.id).expect(200);
    await assign(stack, next.id, driver.id).expect(200);

    await request(stack.baseUrl).put('/api/admin/flights/UA%2021/delay').set('Authorization', admin()).send({ date: tomorrow, minutes: 90 }).expect(200);
    expect((await poll()).moved).toBeGreaterThanOrEqual(1);

    const alert = await listed(arriving.id);
    expect(alert).toMatchObject<Partial<FlightAlertNotice>>({
      reference: arriving.reference,
      kind: 'at-risk',
      pickupAt: businessInstant(tomorrow, '18:00').toISOString(),
    });
    expect(alert.detail).toBe(`Flight UA 21 now lands 17:45: pickup moved 16:30 → 18:00. At risk: the driver already has ride ${next.reference} at the new time; reassign one of them`);
    expect(await current(arriving.id)).toMatchObject({
      pickupTime: '18:00',
      flightAlert: { kind: 'at-risk' },
    });

    // Still clashing: a poll keeps it. The driver's other ride is cancelled: the next poll holds the driver for 18:00 and the alert goes.
    expect((await poll()).resolved).toBe(0);
    await request(stack.baseUrl).patch(`/api/bookings/${next.id}`).set('Authorization', admin()).send({ status: 'cancelled', statusReason: 'Customer called' }).expect(200);
    expect((await poll()).resolved).toBe(1);
    await gone(arriving.id);
  });

  it('lists a flight the provider does not know until it answers for it, and a ride with no fresh status until it is cancelled', async () => {
    const ghost = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'ZZ 998' }, 1, '11:00');
    const soon = pickupIn(150);
    const quiet = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'AS 77', ...soon });
    let knows = false;
    const provider: FlightStatusProvider = {
      async status(query) {
        if (query.flightNumber === 'AS 77') throw new FlightStatusUnavailable('timeout', 'no answer within 10000 ms');
        if (query.flightNumber === 'ZZ 998' && !knows) return { state: 'unknown', scheduledArrival: null, estimatedArrival: null, international: false };
        return { state: 'scheduled', scheduledArrival: query.expectedArrival, estimatedArrival: query.expectedArrival, international: false };
      },
    };
    // 90 minutes before the quiet ride's pickup.
    const near = new Date(businessInstant(soon.pickupDate, soon.pickupTime).getTime() - 90 * 60_000);
    await poll(provider, near);

    expect(await listed(ghost.id)).toMatchObject({
      reference: ghost.reference,
      kind: 'unknown-flight',
      detail: 'Flight ZZ 998 is not known to the flight-status provider: pickup kept at 11:00; check with the customer',
    });
    expect(await listed(quiet.id)).toMatchObject({ reference: quiet.reference, kind: 'no-fresh-status', detail: expect.stringContaining('No fresh status for flight AS 77') });

    knows = true;
    await poll(provider, new Date(near.getTime() + 3600_000));
    await gone(ghost.id);
    expect((await current(ghost.id)).flightAlert).toBeNull();

    await request(stack.baseUrl).patch(`/api/bookings/${quiet.id}`).set('Authorization', admin()).send({ status: 'cancelled' }).expect(200);
    await gone(quiet.id);
  });
});
