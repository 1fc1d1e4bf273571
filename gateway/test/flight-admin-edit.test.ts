import request from 'supertest';
import { FLIGHT_MESSAGES, type Booking, type TimelineEntry } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { book } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';

/*
 * The admin corrects a ride's flight (PATCH /api/bookings/{id} `flightNumber`, '' clears it): kept
 * normalized with a line in the history, what the flight poll knew of the old flight dropped; never
 * on a ride that, as edited, touches no airport.
 */

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const HOTEL = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';
const PIER = 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401';

describe("the admin edits a ride's flight", () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] });
  const patch = (id: number, body: Record<string, unknown>) => request(stack.baseUrl).patch(`/api/bookings/${id}`).set('Authorization', adminAuth(stack)).send(body);
  const timeline = async (id: number) =>
    (await request(stack.baseUrl).get(`/api/admin/bookings/${id}/timeline`).set('Authorization', adminAuth(stack)).expect(200)).body as TimelineEntry[];

  it('sets, corrects and clears it, each in the history', async () => {
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL });
    expect(((await patch(ride.id, { flightNumber: 'ua1542' }).expect(200)).body as Booking).flightNumber).toBe('UA 1542');
    const corrected = (await patch(ride.id, { flightNumber: 'UA 1543' }).expect(200)).body as Booking;
    expect([corrected.flightNumber, corrected.version]).toEqual(['UA 1543', ride.version + 2]);
    expect(((await patch(ride.id, { flightNumber: '' }).expect(200)).body as Booking).flightNumber).toBeNull();
    const lines = (await timeline(ride.id)).filter((e) => e.kind === 'edited').map((e) => e.detail);
    expect(lines).toEqual(expect.arrayContaining(['Flight none → UA 1542', 'Flight UA 1542 → UA 1543', 'Flight UA 1543 → none']));
  });

  it('refuses a flight on a ride that touches no airport, or a move away from the airport that keeps it, and changes nothing', async () => {
    const hotels = await book(stack, { pickupLocation: HOTEL, dropoffLocation: PIER }, 4);
    const refused = await patch(hotels.id, { flightNumber: 'UA 1542' }).expect(400);
    expect(refused.body.message).toBe(FLIGHT_MESSAGES.notAirport);

    const flying = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'AA 100' }, 5);
    const moved = await patch(flying.id, { pickupLocation: PIER }).expect(400);
    expect(moved.body.message).toBe(`${FLIGHT_MESSAGES.notAirport}: clear the flight (AA 100) with this change`);
    const movedAndCleared = (await patch(flying.id, { pickupLocation: PIER, flightNumber: '' }).expect(200)).body as Booking;
    expect([movedAndCleared.pickupLocation, movedAndCleared.flightNumber]).toEqual([PIER, null]);

    const bad = await patch(flying.id, { flightNumber: 'United 1542' }).expect(400);
    expect(bad.body.message).toBe(`flightNumber: ${FLIGHT_MESSAGES.shape}`);
    const listed = (await request(stack.baseUrl).get('/api/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[];
    expect(listed.find((b) => b.id === hotels.id)).toMatchObject({ flightNumber: null, version: hotels.version });
  });
});
