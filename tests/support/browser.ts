import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const TEST_OUTPUT = join(process.cwd(), 'test-output');

/** Debian's Chromium, headless, with the flags this offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(TEST_OUTPUT, 'screenshots');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Fails the test on any uncaught page error or console error (network 4xx from tests excepted), added to `errors`. */
export function collectPageErrors(page: Page, errors: string[] = []): string[] {
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

export interface LayoutSeen {
  /** Layout shifts not caused by input: size and the elements that moved. */
  shifts: string[];
  /** Each place (page coordinates) the footer was drawn at, in order. */
  footerTops: number[];
}

/**
 * Watches a page from its first paint (call before goto): every layout shift the browser
 * reports (the Layout Instability API, as Core Web Vitals count them) and every position the
 * footer is drawn at. Returns a reader of what was seen so far.
 */
export async function watchLayout(page: Page): Promise<() => Promise<LayoutSeen>> {
  await page.addInitScript(() => {
    const seen: LayoutSeen = { shifts: [], footerTops: [] };
    Object.assign(window, { __layoutSeen: seen });
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries() as Shift[]) {
        const moved = shift.sources.map(({ node }) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName)));
        if (!shift.hadRecentInput) seen.shifts.push(`${shift.value.toFixed(4)}: ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const watchFooter = () => {
      const footer = document.querySelector('footer');
      const top = footer && Math.round(footer.getBoundingClientRect().top + window.scrollY);
      if (top !== null && seen.footerTops.at(-1) !== top) seen.footerTops.push(top);
      requestAnimationFrame(watchFooter);
    };
    requestAnimationFrame(watchFooter);
  });
  return () => page.evaluate(() => (window as unknown as { __layoutSeen: LayoutSeen }).__layoutSeen);
}
