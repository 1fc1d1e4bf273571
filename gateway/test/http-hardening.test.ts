import { once } from 'node:events';
import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { ALL_WEB_PAGES } from '@limo/contracts/common/web-routes';
import { compression } from '../src/http/compression.js';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * What every response of the gateway carries beyond its payload: security headers, compression,
 * honest 404s for unknown API paths and pages, and clear refusals of bodies it does not read.
 */
describe('the gateway over HTTP', () => {
  // The test speaks as a TLS-ending proxy on loopback (X-Forwarded-Proto).
  const stack = withStack({ services: ['fleet'], env: { TRUSTED_PROXIES: 'loopback' } });

  /** Raw bytes with node:http (supertest would inflate them), so a test sees the body exactly as it arrived. */
  const raw = (path: string, encoding: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(`${stack.baseUrl}${path}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  describe('security headers', () => {
    it.each(['/', '/booking', '/api/vehicles', '/api/no-such-endpoint', '/api/docs/'])('sends the CSP and the other headers on %s', async (path) => {
      const res = await request(stack.baseUrl).get(path);
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('sends the built scripts with nosniff and without the document-only headers', async () => {
      const html = (await request(stack.baseUrl).get('/').expect(200)).text;
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      const res = await request(stack.baseUrl).get(script!).expect(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      const secure = await request(stack.baseUrl).get(script!).set('X-Forwarded-Proto', 'https').expect(200);
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
    });

    it('sends no HSTS and no upgrade-insecure-requests over plain http', async () => {
      const res = await request(stack.baseUrl).get('/');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    });

    it('sends HSTS when a trusted proxy (loopback) says the request came over https', async () => {
      const res = await request(stack.baseUrl).get('/api/vehicles').set('X-Forwarded-Proto', 'https');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    });
    // A proxy that is not trusted: trusted-proxies.test.ts (no HSTS for a request that only claims https).
  });

  describe('compression', () => {
    it.each([
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const)('compresses the web app and the JSON API with %s', async (encoding, decompress) => {
      for (const path of ['/', '/api/vehicles']) {
        const plain = await raw(path, 'identity');
        const res = await raw(path, encoding);
        expect({ path, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({ path, status: 200, encoding });
        expect(res.headers.vary).toMatch(/Accept-Encoding/i);
        expect(res.body.length).toBeLessThan(plain.body.length);
        expect(decompress(res.body).equals(plain.body)).toBe(true);
      }
    });

    it('sends a small API answer as it is (under 4 KB) and a large one compressed', async () => {
      const small = await raw('/api/health', 'br, gzip');
      expect(small.body.length).toBeLessThan(4096);
      expect(small.headers['content-encoding']).toBeUndefined();
      // The OpenAPI document is large, like a full list.
      const large = await raw('/api/openapi.json', 'br, gzip');
      expect(large.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(large.body).toString('utf8'))).toHaveProperty('openapi');
    });

    it('sends the built JavaScript as the build compressed it (brotli, else gzip), with no revalidation headers', async () => {
      const html = (await request(stack.baseUrl).get('/')).text;
      const scripts = [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g)].map((m) => m[1]);
      const plain = await Promise.all(scripts.map((path) => raw(path, 'identity')));
      // The largest file of the first page (React and the router).
      const largest = scripts[plain.reduce((best, r, i) => (r.body.length > plain[best].body.length ? i : best), 0)];
      const original = plain[scripts.indexOf(largest)].body;
      expect(original.length).toBeGreaterThan(50_000);
      const br = await raw(largest, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(br.headers).not.toHaveProperty('etag');
      expect(br.headers).not.toHaveProperty('last-modified');
      expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
      // Brotli at its best: smaller than what a per-request compressor at quality 4 makes.
      expect(br.body.length).toBeLessThan(brotliCompressSync(original, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }).length);
      const gz = await raw(largest, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(original)).toBe(true);
      expect(plain[scripts.indexOf(largest)].headers['content-encoding']).toBeUndefined();
    });

    it('leaves Server-Sent Events uncompressed, so each event reaches the client when it is sent', async () => {
      // A stream of its own (the gateway's need a booking or a session), behind the gateway's compression.
      const compress = compression();
      let finish = () => {};
      const server = createServer((req, res) =>
        compress(req, res, () => {
          res.setHeader('Content-Type', 'text/event-stream');
          res.write(`data: ${'x'.repeat(4096)}\n\n`);
          finish = () => res.end();
        }),
      );
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const { port } = server.address() as AddressInfo;
        const first = await new Promise<{ encoding?: string; chunk: string }>((resolve, reject) => {
          setTimeout(() => reject(new Error('no event within 5 s: the stream is held in a buffer')), 5000).unref();
          get(`http://127.0.0.1:${port}/events`, { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
            res.once('data', (chunk: Buffer) => resolve({ encoding: res.headers['content-encoding'], chunk: chunk.toString('utf8') }));
          }).on('error', reject);
        });
        // The stream is still open: the event came through on its own, unbuffered.
        expect(first.encoding).toBeUndefined();
        expect(first.chunk.startsWith('data: xxx')).toBe(true);
      } finally {
        finish();
        server.closeAllConnections();
        server.close();
      }
    });

    it('sends the body as is to a client that accepts no compression', async () => {
      const res = await raw('/api/vehicles', 'identity');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString('utf8'))).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1 })]));
    });
  });

  describe('unknown paths', () => {
    it('answers an unknown /api path with a 404 in the API error format', async () => {
      for (const path of ['/api/no-such-endpoint', '/api', '/api/vehicles/extra/segments']) {
        const res = await request(stack.baseUrl).get(path).expect(404).expect('Content-Type', /json/);
        expect(res.body).toEqual({ statusCode: 404, message: expect.any(String) });
      }
      const post = await request(stack.baseUrl).post('/api/nothing-here').send({ a: 1 }).expect(404);
      expect(post.body).toEqual({ statusCode: 404, message: expect.any(String) });
    });

    it('answers headers over the server\'s limit with 431 in the API error format', async () => {
      const res = await new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = get(`${stack.baseUrl}/api/vehicles?${'x'.repeat(20_000)}`, (r) => {
          let body = '';
          r.on('data', (chunk: Buffer) => (body += chunk));
          r.on('end', () => resolve({ status: r.statusCode!, headers: r.headers, body }));
        });
        req.on('error', reject);
      });
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(res.body)).toEqual({ statusCode: 431, message: 'Request headers are too large' });
    });

    it("answers every page of the web app with 200 and the app's HTML", async () => {
      expect(ALL_WEB_PAGES.length).toBeGreaterThanOrEqual(24);
      for (const path of ALL_WEB_PAGES) {
        const res = await request(stack.baseUrl).get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        expect(res.text).toContain('<div id="root"></div>');
      }
    });

    it("matches pages as the app's router does: a trailing slash and letter case do not matter", async () => {
      for (const path of ['/business/', '/Specials', '/admin/dashboard/', '/services/Airport']) {
        await request(stack.baseUrl).get(path).expect(200);
      }
    });

    it("answers an unknown page with 404 and still the app's HTML, so it shows its 'Page Not Found'", async () => {
      for (const path of ['/no-such-page', '/admin/nope', '/specials/free-rides', '/driver/dashboard/x', '/booking/1', '/.env']) {
        const res = await request(stack.baseUrl).get(path).expect(404).expect('Content-Type', /html/);
        expect(res.text).toContain('<div id="root"></div>');
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      }
    });

    it('answers a missing file under /assets/ with a 404 in the API error format, never the app shell (which would go out without its CSP there)', async () => {
      for (const path of ['/assets/no-such-file.js', '/assets/', '/assets/nested/missing.css', '/assets/%2e%2e/index.html']) {
        const res = await request(stack.baseUrl).get(path).expect(404).expect('Content-Type', /json/);
        expect({ path, body: res.body }).toEqual({ path, body: { statusCode: 404, message: expect.any(String) } });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });
  });

  describe('revalidation', () => {
    it('sends JSON answers with a weak ETag and answers 304 to a client that has them', async () => {
      for (const path of ['/api/openapi.json', '/api/vehicles']) {
        const first = await request(stack.baseUrl).get(path).expect(200);
        expect({ path, etag: first.headers.etag }).toEqual({ path, etag: expect.stringMatching(/^W\/"/) });
        await request(stack.baseUrl).get(path).set('If-None-Match', first.headers.etag).expect(304);
      }
    });

    it('serves index.html itself as a file, and the pages with an ETag', async () => {
      const file = await request(stack.baseUrl).get('/index.html').expect(200);
      expect(file.text).toContain('<div id="root"></div>');
      const page = await request(stack.baseUrl).get('/booking').expect(200);
      await request(stack.baseUrl).get('/booking').set('If-None-Match', page.headers.etag).expect(304);
      // An unknown page is a 404 whatever the client has.
      await request(stack.baseUrl).get('/no-such-page').set('If-None-Match', page.headers.etag).expect(404);
    });
  });

  describe('request bodies', () => {
    it('refuses a body that is not JSON with 415 in the error format', async () => {
      for (const [type, body] of [
        ['text/plain', 'hello'],
        ['application/x-www-form-urlencoded', 'firstName=Ann'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
        ['application/xml', '<booking/>'],
      ]) {
        const res = await request(stack.baseUrl).post('/api/register-driver').set('Content-Type', type).send(body);
        expect({ type, status: res.status, body: res.body }).toEqual({
          type,
          status: 415,
          body: { statusCode: 415, message: expect.stringContaining('application/json') },
        });
      }
    });

    it('refuses a JSON body over the limit with 413 and a large body of another type with 415', async () => {
      const big = 'x'.repeat(200 * 1024);
      const json = await request(stack.baseUrl).post('/api/bookings').set('Content-Type', 'application/json').send(JSON.stringify({ note: big }));
      expect(json.status).toBe(413);
      expect(json.body).toEqual({ statusCode: 413, message: expect.any(String) });
      const text = await request(stack.baseUrl).post('/api/bookings').set('Content-Type', 'text/plain').send(big);
      expect(text.status).toBe(415);
      expect(text.body).toEqual({ statusCode: 415, message: expect.any(String) });
    });

    it('reads an empty JSON body as {}, so validation names every missing field', async () => {
      const res = await request(stack.baseUrl).post('/api/bookings').set('Content-Type', 'application/json').expect(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['tripType', 'firstName', 'email']));
    });

    it('lets a body-less POST through, whatever its Content-Type says', async () => {
      for (const type of ['text/plain', 'application/json']) {
        const res = await request(stack.baseUrl).post('/api/admin/drivers/1/toggle-duty').set('Content-Type', type);
        expect({ type, status: res.status }).toEqual({ type, status: 401 });
      }
    });
  });
});
