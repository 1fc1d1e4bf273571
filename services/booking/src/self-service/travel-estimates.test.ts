import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BookingConfig } from '../booking.config.js';
import { minutesFor, speedAt, TravelEstimates } from './travel-estimates.js';

const LAX = { latitude: 33.9416, longitude: -118.4085 };
const PIER = { latitude: 34.0086, longitude: -118.4986 };
/** A Los Angeles wall-clock time in November (UTC-8). */
const la = (time: string) => new Date(`2026-11-27T${time}:00-08:00`);

describe('speedAt: the usual speed of the hour, Los Angeles time', () => {
  it.each([
    ['03:00', 38],
    ['07:30', 22],
    ['12:00', 27],
    ['17:45', 19],
    ['20:00', 30],
    ['23:30', 36],
  ])('%s: %i mph', (time, mph) => expect(speedAt(la(time))).toBe(mph));
});

describe('minutesFor', () => {
  it.each([
    [0, 0],
    [10, 1],
    [60, 1],
    [61, 2],
    [1_500, 25],
  ])('%i s: %i min', (seconds, minutes) => expect(minutesFor(seconds)).toBe(minutes));
});

describe('TravelEstimates', () => {
  let server: Server;
  let answer: { status: number; body: unknown };
  let asked: string[];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => (asked = []));
  const routing = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const estimates = (ROUTING_URL?: string) => new TravelEstimates({ ROUTING_URL } as BookingConfig);

  it('without a routing service: road miles (great circle x 1.3) over the hour\'s speed, labelled an estimate, no line', async () => {
    // 9.01 road miles at 19 mph (evening rush) is 28.5 minutes; at 38 mph (night) 14.2.
    await expect(estimates().between({ from: LAX, to: PIER }, la('17:30'))).resolves.toEqual({ minutes: 29, miles: 9, basis: 'estimate', line: null });
    await expect(estimates().between({ from: LAX, to: PIER }, la('02:00'))).resolves.toEqual({ minutes: 15, miles: 9, basis: 'estimate', line: null });
  });

  it("with one: the route's time and its line as [lat, lon], asked once per 30 s for nearby points", async () => {
    answer = { status: 200, body: { code: 'Ok', routes: [{ distance: 16_093.44, duration: 1_230, geometry: { type: 'LineString', coordinates: [[-118.4085, 33.9416], [-118.45, 33.98], [-118.4986, 34.0086]] } }] } };
    const travel = estimates(routing());
    const at = la('12:00');
    const first = await travel.between({ from: LAX, to: PIER }, at);
    expect(first).toEqual({ minutes: 21, miles: 10, basis: 'route', line: [[33.9416, -118.4085], [33.98, -118.45], [34.0086, -118.4986]] });
    expect(asked).toEqual([`/route/v1/driving/${LAX.longitude},${LAX.latitude};${PIER.longitude},${PIER.latitude}?overview=simplified&geometries=geojson`]);
    // 20 m further on, 10 s later: the same answer without asking again; after 30 s it asks.
    await travel.between({ from: { latitude: 33.9417, longitude: -118.4086 }, to: PIER }, new Date(at.getTime() + 10_000));
    expect(asked).toHaveLength(1);
    await travel.between({ from: LAX, to: PIER }, new Date(at.getTime() + 31_000));
    expect(asked).toHaveLength(2);
  });

  it('a routing service that fails or answers no route gives the estimate, not an error', async () => {
    answer = { status: 500, body: { code: 'InternalError' } };
    await expect(estimates(routing()).between({ from: LAX, to: PIER }, la('12:00'))).resolves.toMatchObject({ basis: 'estimate', line: null, miles: 9 });
    answer = { status: 200, body: { code: 'NoRoute', routes: [] } };
    await expect(estimates(routing()).between({ from: LAX, to: PIER }, la('12:00'))).resolves.toMatchObject({ basis: 'estimate' });
  });
});
