import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { collectPageErrors, launchBrowser, screenshot } from '../support/browser.js';
import { signInAsAdmin } from '../support/admin-auth.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/**
 * Admin screens as issue 30 found them in Chromium at 390 and 1440 px: what the register-driver
 * page sends without a sign-in, the dashboard's length and wording, names instead of ids, the
 * driver cards. The web app must be built first (npm test does).
 */

const WIDTHS = [390, 1440] as const;

describe('admin screens in Chromium', () => {
  let browser: Browser;
  let stack: TestStack;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [browser, stack] = await Promise.all([launchBrowser(), startTestStack(process.env.WEB_DIST ? { env: { WEB_DIST: process.env.WEB_DIST } } : {})]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    errors = collectPageErrors(page);
  });
  afterEach(async () => {
    await context.close();
  });

  /** Every POST /api/register-driver the page sends. */
  const registrationsSent = (p: Page) => {
    const sent: Request[] = [];
    p.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/register-driver') sent.push(r);
    });
    return sent;
  };

  async function fillRegistration(p: Page, lastName: string) {
    await p.getByLabel('First Name').fill('Morgan');
    await p.getByLabel('Last Name').fill(lastName);
    await p.getByLabel('Email Address').fill(`morgan.${lastName.toLowerCase()}.${Date.now()}@example.com`);
    await p.getByLabel('Phone Number').fill('3105550142');
    await p.getByLabel("Driver's License Number").fill(`D${Date.now() % 1e7}`);
    await p.getByLabel('Home Address').fill('500 Wilshire Blvd, Los Angeles, CA');
  }

  describe('/admin/register-driver', () => {
    it('never signed in: no form, a request to log in, and the log-in leads back to the form', async () => {
      const sent = registrationsSent(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${stack.baseUrl}/admin/register-driver`);
        await page.getByRole('heading', { level: 1, name: 'Register New Driver' }).waitFor();
        await page.getByRole('heading', { name: 'Please log in first' }).waitFor();
        await expect(page.getByRole('button', { name: 'Register Driver' }).count()).resolves.toBe(0);
        await expect(page.getByLabel('First Name').count()).resolves.toBe(0);
        await screenshot(page, `admin-register-driver-signed-out-${width}`);
      }
      await page.getByRole('link', { name: 'Log In' }).click();
      await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
      await page.getByLabel('Username').fill(stack.env.gatewayConfig.ADMIN_USERNAME!);
      await page.getByLabel(/^Password/).fill(stack.env.gatewayConfig.ADMIN_PASSWORD!);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/admin/register-driver');
      await page.getByRole('button', { name: 'Register Driver' }).waitFor();
      expect(sent).toHaveLength(0);
      expect(errors).toEqual([]);
    });

    it('signed out while the form is open: the form is not sent, and the admin is asked to log in again', async () => {
      const sent = registrationsSent(page);
      await signInAsAdmin(page, stack);
      await page.goto(`${stack.baseUrl}/admin/register-driver`);
      await fillRegistration(page, 'Signedout');
      // The credentials go (logged out elsewhere, storage cleared) while this page still shows the form.
      await page.evaluate(() => localStorage.removeItem('adminAuth'));
      await page.getByRole('button', { name: 'Register Driver' }).click();
      const toast = page.getByTestId('toast');
      await toast.getByText('Registration Failed').waitFor();
      await expect(toast.textContent()).resolves.toContain('Please log in again');
      await expect(page.getByText('Driver Registered Successfully').count()).resolves.toBe(0);
      expect(sent).toHaveLength(0);
    });

    it('signed in: sends the admin credentials and the driver is active at once', async () => {
      const sent = registrationsSent(page);
      await signInAsAdmin(page, stack);
      await page.goto(`${stack.baseUrl}/admin/register-driver`);
      await fillRegistration(page, 'Signedin');
      await page.getByRole('button', { name: 'Register Driver' }).click();
      await page.getByRole('heading', { name: 'Driver Registered Successfully' }).waitFor();
      expect(sent).toHaveLength(1);
      expect(await sent[0].headerValue('authorization')).toMatch(/^Basic /);
      const response = await sent[0].response();
      expect(((await response!.json()) as { isActive: boolean }).isActive).toBe(true);
      expect(errors).toEqual([]);
    });
  });
});
