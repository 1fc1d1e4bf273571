import type { Page } from 'playwright-core';
import { ALL_WEB_PAGES } from '@limo/contracts/common/web-routes';
import { signInAsAdmin } from '../support/admin-auth.js';
import { withStack } from '../support/fixtures.js';
import { DESKTOP, withBrowser } from '../support/page-fixtures.js';
import { trackRequests } from '../support/network-quiet.js';

/**
 * The gateway's Content Security Policy (no inline script or style, no eval) against the real
 * built web app and the API docs in Chromium: pages render and the browser reports no violation,
 * neither as a `securitypolicyviolation` event nor in the console.
 */
describe('Content Security Policy in Chromium', () => {
  const stack = withStack();
  const { page } = withBrowser({ page: { viewport: DESKTOP, timeout: 10_000 } });
  let requests: ReturnType<typeof trackRequests>;
  let violations: string[];

  beforeEach(async () => {
    requests = trackRequests(page);
    violations = [];
    await exposeViolations(page, violations);
  });

  /** Every CSP violation the page sees, from the DOM event (init scripts are exempt from the CSP) and the console. */
  async function exposeViolations(target: Page, into: string[]): Promise<void> {
    await target.exposeFunction('__reportCspViolation', (text: string) => into.push(text));
    await target.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`,
        );
      });
    });
    target.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) into.push(`console: ${msg.text()}`);
    });
  }

  async function settle(): Promise<void> {
    // Not 'networkidle': the admin pages keep their live board's event stream open.
    await requests.settled();
    // Violations are reported asynchronously.
    await page.waitForTimeout(200);
  }

  it('renders the home page, the booking wizard and the admin login with no violation', async () => {
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Arrive in quiet luxury' }).waitFor();
    await settle();

    await page.goto(`${stack.baseUrl}/booking`);
    await page.getByText('Step 1 of 5').waitFor();
    // Continuing with an empty form runs the contracts' zod validation in the browser.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // The schemas and zod load with that first check: its messages show it ran.
    await page.getByText('Pickup date is required').waitFor();
    await settle();

    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    await settle();
    expect(violations).toEqual([]);
  });

  it('shows the admin dashboard after login with no violation', async () => {
    await signInAsAdmin(page, stack);
    await page.getByText('Total Bookings').first().waitFor();
    await settle();
    expect(violations).toEqual([]);
  });

  // Every page of the app in turn (the list grows with the app): more than the default 30 s on a busy machine.
  it("renders every page of the list, not the app's 404, with no violation; an unknown page shows 'Page Not Found'", async () => {
    const notFound: string[] = [];
    for (const path of ALL_WEB_PAGES) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.locator('h1').first().waitFor();
      if (await page.getByRole('heading', { name: 'Page Not Found' }).count()) notFound.push(path);
    }
    expect(notFound).toEqual([]);
    const res = await page.goto(`${stack.baseUrl}/no-such-page`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await settle();
    expect(violations).toEqual([]);
  }, 90_000);

  it('renders Swagger UI at /api/docs with every operation and no violation', async () => {
    await page.goto(`${stack.baseUrl}/api/docs/`);
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(15);
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body').first().waitFor();
    await settle();
    expect(violations).toEqual([]);
  });
});
