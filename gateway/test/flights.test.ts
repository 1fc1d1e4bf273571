import request from 'supertest';
import { connect } from '@nats-io/transport-node';
import { addDays, bookingRpc, businessToday, FLIGHT_MESSAGES, type Booking, type CustomerBookingView, type DriverRide } from '@limo/contracts';
import { RpcClient } from '@limo/messaging';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, signedInDriver } from '../../tests/support/drivers.js';
import { bookRoundTrip } from '../../tests/support/round-trips.js';
import { withStack } from '../../tests/support/fixtures.js';
import { TEST_SERVERS } from '../../tests/support/test-env.js';

/*
 * Airport rides carry their flight (decisions.md, "Airport rides"; issue 34's first slice): the
 * arriving flight of an airport pickup or the departing flight of a drop-off at one, stored
 * normalized, shown to the admin, the driver and the customer, refused on a ride that touches no
 * airport or in another shape; gateways of the previous release still book through the v1 RPCs.
 */

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const HOTEL = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';
const PIER = 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401';

describe('flight numbers on airport rides', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] });
  const api = () => request(stack.baseUrl);
  const bookingCount = async () => ((await api().get('/api/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[]).length;

  it('keeps an arriving flight as "UA 1542" and shows it to the admin, the customer and the assigned driver', async () => {
    const booking = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'ua1542' });
    expect(booking.flightNumber).toBe('UA 1542');

    const listed = (await api().get('/api/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[];
    expect(listed.find((b) => b.id === booking.id)?.flightNumber).toBe('UA 1542');

    const view = (await api().post('/api/bookings/lookup').send({ reference: booking.reference, contact: booking.email }).expect(200)).body as CustomerBookingView;
    expect(view.flightNumber).toBe('UA 1542');

    const { agent, driver } = await signedInDriver(stack);
    await assign(stack, booking.id, driver.id).expect(200);
    const rides = (await agent.get('/api/drivers/current/bookings').expect(200)).body as DriverRide[];
    expect(rides.find((r) => r.id === booking.id)?.flightNumber).toBe('UA 1542');
  });

  it('keeps a departing flight on a ride to the airport, and none when none was typed', async () => {
    expect((await book(stack, { pickupLocation: HOTEL, dropoffLocation: LAX, flightNumber: 'AA 100' })).flightNumber).toBe('AA 100');
    expect((await book(stack, { pickupLocation: HOTEL, dropoffLocation: LAX, flightNumber: '' })).flightNumber).toBeNull();
    expect((await book(stack, { pickupLocation: HOTEL, dropoffLocation: LAX })).flightNumber).toBeNull();
  });

  it('refuses a flight on a ride that touches no airport, or in another shape, and stores nothing', async () => {
    const before = await bookingCount();
    const ride = { tripType: 'one-way', pickupDate: addDays(businessToday(), 3), pickupTime: '10:30', vehicleId: 1, firstName: 'Fay', lastName: 'Flyer', email: 'fay@example.com', phone: '3105550123' };
    const nowhere = await api().post('/api/bookings').send({ ...ride, pickupLocation: HOTEL, dropoffLocation: PIER, flightNumber: 'UA 1542' }).expect(400);
    expect(nowhere.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'flightNumber', message: FLIGHT_MESSAGES.notAirport })]));
    const shape = await api().post('/api/bookings').send({ ...ride, pickupLocation: LAX, dropoffLocation: HOTEL, flightNumber: 'United 1542' }).expect(400);
    expect(shape.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'flightNumber', message: FLIGHT_MESSAGES.shape })]));
    expect(await bookingCount()).toBe(before);
  });

  it('a round trip keeps each leg its own flight: arriving on the outbound, departing on the return', async () => {
    const trip = await bookRoundTrip(stack, { flightNumber: 'DL 401', returnTrip: { pickupDate: addDays(businessToday(), 12), pickupTime: '18:00', flightNumber: 'dl402' } });
    expect([trip.booking.flightNumber, trip.returnBooking.flightNumber]).toEqual(['DL 401', 'DL 402']);
  });

  it("still books for the previous release's gateways (booking.bookings.create.v1), which know no flight", async () => {
    const nc = await connect({ servers: TEST_SERVERS.nats });
    try {
      const rpc = new RpcClient(nc, { prefix: stack.env.id, timeoutMs: 10_000 });
      const ride = { tripType: 'one-way' as const, pickupDate: addDays(businessToday(), 4), pickupTime: '11:00', pickupLocation: LAX, dropoffLocation: HOTEL, firstName: 'Val', lastName: 'Vone', email: 'val@example.com', phone: '3105550199' };
      const made = await rpc.request(bookingRpc.createV1, { booking: ride as never });
      expect(made.booking).toMatchObject({ pickupLocation: LAX, flightNumber: null });
      await expect(rpc.request(bookingRpc.createV1, { booking: { ...ride, flightNumber: 'UA 1' } as never })).rejects.toMatchObject({ status: 400 });
    } finally {
      await nc.close();
    }
  });
});
