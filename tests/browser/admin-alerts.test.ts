import pg from 'pg';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { trackRequests } from '../support/network-quiet.js';
import { eventually } from '../support/stack.js';
import { withStack } from '../support/fixtures.js';
import { withBrowser } from '../support/page-fixtures.js';

/**
 * What the admin's dashboard says about trouble outside dispatch: driver registrations paused at
 * their hourly limit (a burst of sign-ups), figures from before a reporting outage. The web app
 * must be built first (npm test does).
 */
describe('the admin dashboard\'s alerts in Chromium', () => {
  const stack = withStack({ env: { REGISTRATIONS_PER_HOUR: '1', REPORTING_CACHE_MS: '0' } });
  const web = withBrowser();

  const apply = (tag: string) =>
    fetch(`${stack.baseUrl}/api/register-driver`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Sam', lastName: 'Burst', email: `sam.${tag}@example.com`, phone: '3105550150', licenseNumber: `B${tag}`, address: '1 Main St, Los Angeles' }),
    });

  /** A page at that width, signed in as the admin, closed after `use`. */
  async function asAdmin(width: number, use: (page: Page) => Promise<void>) {
    const { page, context, errors } = await web.adminPage(stack, { viewport: { width, height: 900 } });
    await use(page);
    expect(errors).toEqual([]);
    await context.close();
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
