import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startStackProcess } from '../lib/stack-process.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The issue's bars: JavaScript a first visit downloads, as transferred (compressed). */
const TARGETS_KB: Record<string, number> = { '/': 100, '/booking': 130 };

interface Transfer {
  js: number;
  jsRaw: number;
  css: number;
  files: number;
}

/**
 * What a first visit to `/` and `/booking` downloads, measured in Debian's Chromium from the
 * network events (encoded bytes on the wire: compression included, cache empty), until the page
 * has settled: the entry script, its preloads and the route's lazily loaded chunks.
 */
export async function run(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`\n## web\nskipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return;
  }
  const stack = await startStackProcess(['fleet', 'booking', 'drivers', 'reporting']);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    console.log('\n## web: first visit, transferred bytes (Chromium, empty cache)');
    console.log('| page | JS as transferred (KB) | JS uncompressed (KB) | CSS (KB) | files | target JS (KB) | within target |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    for (const path of Object.keys(TARGETS_KB)) {
      const t = await measure(browser, `${stack.baseUrl}${path}`);
      const kb = (n: number) => (n / 1024).toFixed(1);
      console.log(`| ${path} | ${kb(t.js)} | ${kb(t.jsRaw)} | ${kb(t.css)} | ${t.files} | ${TARGETS_KB[path]} | ${t.js / 1024 <= TARGETS_KB[path] ? 'yes' : `over by ${(t.js / 1024 - TARGETS_KB[path]).toFixed(1)}`} |`);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

async function measure(browser: import('playwright-core').Browser, url: string): Promise<Transfer> {
  const context = await browser.newContext();
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
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return totals;
}
