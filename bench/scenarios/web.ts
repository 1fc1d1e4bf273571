import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { addDays, businessToday } from '@limo/contracts';
import { signLink } from '@limo/contracts/common/signed-link';
import { benchDrivers } from '../lib/bench-drivers.js';
import { benchBookingBody } from '../lib/booking-request.js';
import { startStackProcess } from '../lib/stack-process.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The issues' bars: JavaScript a first visit downloads, as transferred (compressed); the tracking page's includes its map. */
const TARGETS_KB: Record<string, number> = { '/': 100, '/booking': 130, '/track': 150, '/admin/dispatch': 150 };

interface Transfer {
  js: number;
  jsRaw: number;
  css: number;
  files: number;
}

/**
 * What a first visit to `/`, `/booking`, a live tracking link (`/track?t=`, the map with the car
 * on it) and the dispatch board (`/admin/dispatch`, signed in) downloads, measured in Debian's
 * Chromium from the network events (encoded bytes on the wire: compression included, cache
 * empty), until the page has settled: the entry script, its preloads and the route's lazily loaded
 * chunks.
 */
export async function run(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`\n## web\nskipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return;
  }
  const adminPassword = `bench-${randomBytes(6).toString('hex')}`;
  const linkSecret = randomBytes(32).toString('base64url');
  const stack = await startStackProcess(['fleet', 'booking', 'drivers', 'reporting'], {
    STACK_ENV: JSON.stringify({ ADMIN_PASSWORD: adminPassword, LINK_SIGNING_SECRET: linkSecret }),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const admin = `Basic ${Buffer.from(`admin:${adminPassword}`).toString('base64')}`;
    const track = await trackingLink(stack.baseUrl, admin, linkSecret);
    // Pages with a live stream never go network-idle: they are measured once what they show is drawn.
    const pages: { page: string; url: string; admin?: boolean; drawn?: string }[] = [
      { page: '/', url: '/' },
      { page: '/booking', url: '/booking' },
      { page: '/track', url: track, drawn: '.map-pin-car' },
      { page: '/admin/dispatch', url: '/admin/dispatch', admin: true, drawn: '.board' },
    ];
    console.log('\n## web: first visit, transferred bytes (Chromium, empty cache)');
    console.log('| page | JS as transferred (KB) | JS uncompressed (KB) | CSS (KB) | files | target JS (KB) | within target |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    for (const { page, url, admin: signedIn, drawn } of pages) {
      const t = await measure(browser, `${stack.baseUrl}${url}`, { adminPassword: signedIn ? adminPassword : undefined, drawn });
      const kb = (n: number) => (n / 1024).toFixed(1);
      console.log(`| ${page} | ${kb(t.js)} | ${kb(t.jsRaw)} | ${kb(t.css)} | ${t.files} | ${TARGETS_KB[page]} | ${t.js / 1024 <= TARGETS_KB[page] ? 'yes' : `over by ${(t.js / 1024 - TARGETS_KB[page]).toFixed(1)}`} |`);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/** A ride under way (its driver en route, their position shared) and its tracking link, as the "on the way" message carries it. */
async function trackingLink(baseUrl: string, admin: string, secret: string): Promise<string> {
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ id: number }>;
  };
  const [driver] = await benchDrivers(baseUrl, admin, 1);
  const booking = await call('POST', '/api/bookings', benchBookingBody(0, addDays(businessToday(), 3)));
  await call('POST', `/api/admin/bookings/${booking.id}/assign`, { driverId: driver.id }, { Authorization: admin });
  await call('POST', `/api/bookings/${booking.id}/accept`, {}, { Cookie: driver.cookie });
  await call('POST', '/api/drivers/current/location', { latitude: 34.0522, longitude: -118.2437 }, { Cookie: driver.cookie });
  await call('PUT', `/api/bookings/${booking.id}/driver-status`, { driverStatus: 'en-route' }, { Cookie: driver.cookie });
  const token = signLink({ purpose: 'track', bookingId: booking.id, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, secret);
  return `/track?t=${token}`;
}

async function measure(browser: import('playwright-core').Browser, url: string, { adminPassword, drawn }: { adminPassword?: string; drawn?: string } = {}): Promise<Transfer> {
  const context = await browser.newContext();
  // Signed in as the admin login leaves it (web/src/lib/admin-session.ts): the page itself, not the login form, is measured.
  if (adminPassword) await context.addInitScript({ content: `localStorage.setItem('adminAuth', ${JSON.stringify(JSON.stringify({ credentials: Buffer.from(`admin:${adminPassword}`).toString('base64') }))});` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, { type: string; url: string }>();
  const totals: Transfer = { js: 0, jsRaw: 0, css: 0, files: 0 };
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
  cdp.on('Network.dataReceived', (e) => {
    if (types.get(e.requestId)?.type === 'Script') totals.jsRaw += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const info = types.get(e.requestId);
    if (!info) return;
    if (info.type === 'Script') {
      // BENCH_VERBOSE=1 lists the files, to see what a page pulls in.
      if (process.env.BENCH_VERBOSE) console.log(`  ${(e.encodedDataLength / 1024).toFixed(1).padStart(6)} KB  ${new URL(info.url).pathname}`);
      totals.js += e.encodedDataLength;
      totals.files += 1;
    } else if (info.type === 'Stylesheet') totals.css += e.encodedDataLength;
  });
  if (drawn) {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector(drawn, { timeout: 30_000 });
    // Whatever else the page fetches once drawn (the basemap's shapes are data, not script).
    await page.waitForTimeout(1_000);
  } else await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return totals;
}
