import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, screenshot } from '../support/browser.js';
import { signInAsAdmin } from '../support/admin-auth.js';
import { trackRequests } from '../support/network-quiet.js';
import { eventually, startTestStack, type TestStack } from '../support/stack.js';

/**
 * What the admin's dashboard says about trouble outside dispatch: driver registrations paused at
 * their hourly limit (a burst of sign-ups), figures from before a reporting outage. The web app
 * must be built first (npm test does).
 */
describe('the admin dashboard\'s alerts in Chromium', () => {
  let browser: Browser;
  let stack: TestStack;

  beforeAll(async () => {
    [browser, stack] = await Promise.all([launchBrowser(), startTestStack({ env: { REGISTRATIONS_PER_HOUR: '1', REPORTING_CACHE_MS: '0', ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) } })]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const apply = (tag: string) =>
    fetch(`${stack.baseUrl}/api/register-driver`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Sam', lastName: 'Burst', email: `sam.${tag}@example.com`, phone: '3105550150', licenseNumber: `B${tag}`, address: '1 Main St, Los Angeles' }),
    });

  /** A page at that width, signed in as the admin, closed after `use`. */
  async function asAdmin(width: number, use: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await signInAsAdmin(page, stack);
      await use(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  it('says, while reporting is out, that the figures shown are its last ones and from when', async () => {
    const db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
    try {
      for (const width of [390, 1440]) {
        await asAdmin(width, async (page) => {
          const requests = trackRequests(page);
          await page.reload();
          // Every figure of the page fetched once before the outage.
          await requests.settled();
          const notice = page.locator('.stale-figures');
          expect(await notice.count()).toBe(0);
          await db.query('ALTER SCHEMA reporting RENAME TO reporting_away');
          try {
            await page.reload();
            await notice.waitFor();
            await expect(notice.textContent()).resolves.toMatch(/^Reporting is not answering: figures shown are from [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M and may be out of date\.$/);
            await page.locator('.stat-label', { hasText: 'Total Bookings' }).waitFor();
            await screenshot(page, `admin-alerts-stale-figures-${width}`);
          } finally {
            await db.query('ALTER SCHEMA reporting_away RENAME TO reporting');
          }
          await page.reload();
          await page.locator('.stat-label', { hasText: 'Total Bookings' }).waitFor();
          await page.getByRole('heading', { name: 'Revenue Analytics' }).waitFor();
          expect(await notice.count()).toBe(0);
        });
      }
    } finally {
      await db.end();
    }
  });

  it('lists a pause of driver registrations among the Dispatch Alerts, at phone and desktop width', async () => {
    expect((await apply('one')).status).toBe(201);
    expect((await apply('two')).status).toBe(429);
    for (const width of [390, 1440]) {
      await asAdmin(width, async (page) => {
        const item = page.locator('.alert-registrations');
        await eventually(async () => {
          await page.reload();
          await item.waitFor({ timeout: 3000 });
          return true;
        }, 20_000, 'the registrations alert');
        await expect(item.textContent()).resolves.toMatch(/Registrations pausedDriver applications reached 1 an hour: new ones refused until \d{1,2}:\d{2} [AP]M/);
        await screenshot(page, `admin-alerts-registrations-${width}`);
      });
    }
  });
});
