import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, screenshot } from '../support/browser.js';
import { signInAsAdmin } from '../support/admin-auth.js';
import { eventually, startTestStack, type TestStack } from '../support/stack.js';

/**
 * What the admin's dashboard says about trouble outside dispatch: driver registrations paused at
 * their hourly limit (a burst of sign-ups). The web app must be built first (npm test does).
 */
describe('the admin dashboard\'s alerts in Chromium', () => {
  let browser: Browser;
  let stack: TestStack;

  beforeAll(async () => {
    [browser, stack] = await Promise.all([launchBrowser(), startTestStack({ env: { REGISTRATIONS_PER_HOUR: '1', ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) } })]);
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

  it('lists a pause of driver registrations among the Dispatch Alerts, at phone and desktop width', async () => {
    expect((await apply('one')).status).toBe(201);
    expect((await apply('two')).status).toBe(429);
    for (const width of [390, 1440]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page: Page = await context.newPage();
      const errors = collectPageErrors(page);
      try {
        await signInAsAdmin(page, stack);
        const item = page.locator('.alert-registrations');
        await eventually(async () => {
          await page.reload();
          await item.waitFor({ timeout: 3000 });
          return true;
        }, 20_000, 'the registrations alert');
        await expect(item.textContent()).resolves.toMatch(/Registrations pausedDriver applications reached 1 an hour: new ones refused until \d{1,2}:\d{2} [AP]M/);
        await screenshot(page, `admin-alerts-registrations-${width}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
