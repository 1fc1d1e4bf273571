import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { TrackingView } from '@limo/contracts';
import { signLink } from '@limo/contracts/common/signed-link';
import { assign, book, signedInDriver } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * The tracking page's ETA with a routing service (ROUTING_URL, OSRM-compatible): the route's time
 * and its line for the map, from where the car is to the pickup. A local server answers as OSRM.
 */
describe('tracking with a routing service', () => {
  let osrm: Server;
  const asked: string[] = [];
  beforeAll(async () => {
    osrm = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({ code: 'Ok', routes: [{ distance: 14_500, duration: 1_260, geometry: { type: 'LineString', coordinates: [[-118.4085, 33.9416], [-118.43, 33.97], [-118.4986, 34.0086]] } }] }),
      );
    });
    await new Promise<void>((resolve) => osrm.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => osrm.close(resolve)));
  const stack = withStack(() => ({ services: ['fleet', 'booking', 'drivers'], env: { ROUTING_URL: `http://127.0.0.1:${(osrm.address() as AddressInfo).port}` } }));

  it("gives the route's driving time and its line to the pickup", async () => {
    const { agent, driver } = await signedInDriver(stack);
    const booking = await book(stack, {}, 3);
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);
    await agent.post('/api/drivers/current/location').send({ latitude: 33.9416, longitude: -118.4085 }).expect(200);
    await agent.put(`/api/bookings/${booking.id}/driver-status`).send({ driverStatus: 'en-route' }).expect(200);
    const token = signLink({ purpose: 'track', bookingId: booking.id, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, stack.env.vars.LINK_SIGNING_SECRET);

    const view = (await request(stack.baseUrl).get('/api/track').query({ t: token }).expect(200)).body as TrackingView;
    expect(view.eta).toEqual({ to: 'pickup', basis: 'route', minutes: 21, miles: 9, line: [[33.9416, -118.4085], [33.97, -118.43], [34.0086, -118.4986]] });
    // From the car to Santa Monica Pier, as OSRM takes points: longitude first.
    expect(asked.some((url) => url.startsWith('/route/v1/driving/-118.4085,33.9416;-118.4986,34.0086?overview=simplified&geometries=geojson'))).toBe(true);
  });
});
