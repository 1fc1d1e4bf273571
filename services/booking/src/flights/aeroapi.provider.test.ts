import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AeroApiProvider } from './aeroapi.provider.js';
import { FlightStatusUnavailable } from './flight-status.js';

/*
 * The AeroAPI adapter against AeroAPI v4 answers (`GET /flights/{ident}`, the documented shape of
 * its flights, kept in test/fixtures/aeroapi) served by a local server standing for FlightAware.
 */

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/aeroapi/${name}.json`, import.meta.url), 'utf8');
type Answer = (req: IncomingMessage, res: ServerResponse) => void;
const json = (status: number, body: string): Answer => (_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);

describe('FlightAware AeroAPI adapter', () => {
  let server: Server;
  let answer: Answer = json(500, '{}');
  const seen: IncomingMessage[] = [];
  let provider: AeroApiProvider;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      answer(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/aeroapi`;
    provider = new AeroApiProvider({ baseUrl, apiKey: 'test-key', timeoutMs: 300, retries: 0, backoffMs: 10, budgetMs: 5000 });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  // UA 1542 from O'Hare, due at LAX's gate 16:55 PST on Dec 3 2026 (00:55Z on the 4th).
  const ua1542 = { flightNumber: 'UA 1542', date: '2026-12-03', expectedArrival: new Date('2026-12-04T00:55:00Z') };

  it('asks for the flight by its designator with the key, and reads a delayed arrival (the day before is another flight)', async () => {
    answer = json(200, fixture('delayed'));
    const status = await provider.status(ua1542);
    expect(status).toEqual({ state: 'delayed', scheduledArrival: new Date('2026-12-04T00:55:00Z'), estimatedArrival: new Date('2026-12-04T02:25:00Z'), international: false });
    const req = seen.at(-1) as IncomingMessage;
    const url = new URL(req.url as string, 'http://x');
    expect(url.pathname).toBe('/aeroapi/flights/UA1542');
    expect(url.searchParams.get('ident_type')).toBe('designator');
    expect(req.headers['x-apikey']).toBe('test-key');
  });

  it('reads an international flight on time', async () => {
    answer = json(200, fixture('on-time'));
    const status = await provider.status({ flightNumber: 'BA 283', date: '2026-12-03', expectedArrival: new Date('2026-12-03T23:10:00Z') });
    expect(status).toEqual({ state: 'scheduled', scheduledArrival: new Date('2026-12-03T23:10:00Z'), estimatedArrival: new Date('2026-12-03T23:13:00Z'), international: true });
  });

  it('reads a diverted and a cancelled flight', async () => {
    answer = json(200, fixture('diverted'));
    expect((await provider.status(ua1542)).state).toBe('diverted');
    answer = json(200, fixture('cancelled'));
    expect(await provider.status(ua1542)).toEqual({ state: 'cancelled', scheduledArrival: new Date('2026-12-04T00:55:00Z'), estimatedArrival: new Date('2026-12-04T00:55:00Z'), international: false });
  });

  it('a flight AeroAPI does not know (404), or none near the expected arrival, is unknown', async () => {
    answer = json(404, fixture('unknown-404'));
    expect((await provider.status({ ...ua1542, flightNumber: 'ZZ 9999' })).state).toBe('unknown');
    answer = json(200, fixture('delayed'));
    expect((await provider.status({ ...ua1542, expectedArrival: new Date('2026-12-06T00:55:00Z') })).state).toBe('unknown');
  });

  it('a 429, a server error, a timeout or garbage is a typed failure, never a status', async () => {
    const failure = async () => {
      try {
        await provider.status(ua1542);
      } catch (error) {
        expect(error).toBeInstanceOf(FlightStatusUnavailable);
        return (error as FlightStatusUnavailable).reason;
      }
      throw new Error('expected a failure');
    };
    answer = (_req, res) => res.writeHead(429, { 'retry-after': '30' }).end();
    expect(await failure()).toBe('rate-limited');
    answer = json(503, '{}');
    expect(await failure()).toBe('failed');
    answer = (_req, res) => setTimeout(() => res.writeHead(200).end(fixture('delayed')), 1000);
    expect(await failure()).toBe('timeout');
    answer = (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    expect(await failure()).toBe('garbage');
    answer = json(200, JSON.stringify({ flights: [{ ident: 'UAL1542', scheduled_in: 'soon' }] }));
    expect(await failure()).toBe('garbage');
  });

  describe('retries', () => {
    /** Answers in turn, the last one repeated; records when each call came. */
    const inTurn = (...answers: Answer[]) => {
      const calls: number[] = [];
      answer = (req, res) => {
        calls.push(Date.now());
        (answers[calls.length - 1] ?? (answers.at(-1) as Answer))(req, res);
      };
      return calls;
    };
    const retrying = (budgetMs = 3000) => new AeroApiProvider({ baseUrl, apiKey: 'test-key', timeoutMs: 300, retries: 3, backoffMs: 50, budgetMs });
    const reasonOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'answered',
        (error: unknown) => (error instanceof FlightStatusUnavailable ? error.reason : String(error)),
      );

    it('a 429 is asked again after its Retry-After, and the answer then is the status', async () => {
      const calls = inTurn((_req, res) => res.writeHead(429, { 'retry-after': '1' }).end(), json(200, fixture('delayed')));
      expect((await retrying().status(ua1542)).state).toBe('delayed');
      expect(calls).toHaveLength(2);
      expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(950);
    });

    it('a server error and garbage are asked again with a growing wait', async () => {
      const calls = inTurn(json(503, '{}'), (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'), json(200, fixture('delayed')));
      expect((await retrying().status(ua1542)).state).toBe('delayed');
      expect(calls).toHaveLength(3);
      expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(45);
      expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(95);
    });

    it('a server that hangs is given up within the budget, after the retries it allows', async () => {
      const calls = inTurn((_req, res) => setTimeout(() => res.writeHead(200).end(fixture('delayed')), 2000));
      const started = Date.now();
      expect(await reasonOf(retrying(900).status(ua1542))).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(1300);
      expect(calls.length).toBeGreaterThanOrEqual(2);
      expect(calls.length).toBeLessThanOrEqual(4);
    });

    it('a Retry-After beyond the budget fails at once, and the next flights are not asked until it passes', async () => {
      const calls = inTurn((_req, res) => res.writeHead(429, { 'retry-after': '60' }).end());
      const provider = retrying();
      const started = Date.now();
      expect(await reasonOf(provider.status(ua1542))).toBe('rate-limited');
      expect(await reasonOf(provider.status({ ...ua1542, flightNumber: 'AA 100' }))).toBe('rate-limited');
      expect(Date.now() - started).toBeLessThan(500);
      expect(calls).toHaveLength(1);
    });

    it('a refused key is not asked again', async () => {
      const calls = inTurn(json(401, '{"title":"Unauthorized"}'));
      expect(await reasonOf(retrying().status(ua1542))).toBe('failed');
      expect(calls).toHaveLength(1);
    });
  });
});
