import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { AddressSuggestion } from '@limo/contracts';
import { withStack } from '../../tests/support/fixtures.js';

describe('GET /api/address-autocomplete from the built-in gazetteer', () => {
  const stack = withStack({ services: ['booking'] });

  const suggest = (q: string) => request(stack.baseUrl).get('/api/address-autocomplete').query({ q });

  it("answers 'lax' with Los Angeles International Airport first, in the spec's shape", async () => {
    const res = await suggest('lax').expect(200);
    const suggestions = AddressSuggestion.array().parse(res.body);
    expect(suggestions[0]).toMatchObject({
      id: expect.any(String),
      address: 'Los Angeles International Airport (LAX)',
      display_name: expect.stringContaining('1 World Way, Los Angeles, CA 90045'),
      lat: expect.closeTo(33.94, 1),
      lon: expect.closeTo(-118.41, 1),
    });
    expect(suggestions.length).toBeLessThanOrEqual(8);
  });

  it('finds the other airports of the spec by name', async () => {
    expect((await suggest('burbank airport').expect(200)).body[0].address).toBe('Hollywood Burbank Airport (BUR)');
    expect((await suggest('long beach airport').expect(200)).body[0].address).toBe('Long Beach Airport (LGB)');
  });

  it('answers an empty list under 3 characters, without asking the service', async () => {
    await stack.stopService('booking');
    try {
      for (const q of ['', 'l', 'la', '  la  ']) expect((await suggest(q).expect(200)).body).toEqual([]);
      await request(stack.baseUrl).get('/api/address-autocomplete').expect(200, []);
    } finally {
      await stack.startService('booking');
    }
  });

  it('answers an empty list when nothing matches', async () => {
    expect((await suggest('qqqzzzxx').expect(200)).body).toEqual([]);
  });

  it('rejects absurdly long search text with 400', async () => {
    const res = await suggest('x'.repeat(201)).expect(400);
    expect(res.body.message).toContain('Search text must be at most 200 characters');
  });
});

/** A stand-in for a Nominatim server: records requests, answers jsonv2 results or fails on demand. */
function fakeNominatim() {
  const seen: { url: URL; headers: IncomingMessage['headers'] }[] = [];
  let failing = false;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({ url, headers: req.headers });
    if (failing) {
      res.writeHead(503).end('overloaded');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify([
        {
          place_id: 424242,
          lat: '34.1016',
          lon: '-118.3267',
          name: '',
          display_name: '6801, Hollywood Boulevard, Hollywood, Los Angeles, California, 90028, United States',
          address: { house_number: '6801', road: 'Hollywood Boulevard', city: 'Los Angeles' },
        },
        { place_id: 7, lat: '34.1381', lon: '-118.3534', name: 'Universal Studios Hollywood', display_name: 'Universal Studios Hollywood, Universal City, California' },
      ]),
    );
  });
  return {
    seen,
    setFailing: (value: boolean) => (failing = value),
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('GET /api/address-autocomplete from a configured Nominatim-compatible geocoder', () => {
  const geocoder = fakeNominatim();
  let url: string;
  beforeAll(async () => {
    url = await geocoder.start();
  });
  const stack = withStack(() => ({ services: ['booking'], env: { GEOCODER_URL: url, GEOCODER_USER_AGENT: 'limo-test/1.0' } }));
  afterAll(() => geocoder.stop());

  it("asks the geocoder, limited to Southern California, and maps its answers to the spec's shape", async () => {
    const res = await request(stack.baseUrl).get('/api/address-autocomplete').query({ q: '6801 hollywood' }).expect(200);
    expect(res.body).toEqual([
      {
        id: '424242',
        address: '6801 Hollywood Boulevard',
        display_name: '6801, Hollywood Boulevard, Hollywood, Los Angeles, California, 90028, United States',
        lat: 34.1016,
        lon: -118.3267,
      },
      { id: '7', address: 'Universal Studios Hollywood', display_name: 'Universal Studios Hollywood, Universal City, California', lat: 34.1381, lon: -118.3534 },
    ]);
    const call = geocoder.seen.at(-1)!;
    expect(call.url.pathname).toBe('/search');
    expect(Object.fromEntries(call.url.searchParams)).toMatchObject({ q: '6801 hollywood', format: 'jsonv2', countrycodes: 'us', bounded: '1' });
    expect(call.headers['user-agent']).toBe('limo-test/1.0');
  });

  it('falls back to the built-in gazetteer when the geocoder fails', async () => {
    geocoder.setFailing(true);
    try {
      const res = await request(stack.baseUrl).get('/api/address-autocomplete').query({ q: 'lax' }).expect(200);
      expect(res.body[0].address).toBe('Los Angeles International Airport (LAX)');
    } finally {
      geocoder.setFailing(false);
    }
  });
});
