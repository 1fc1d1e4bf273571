import request from 'supertest';
import type { Page, Request } from 'playwright-core';
import { businessToday, MONTH_NAMES, type Driver, type Vehicle } from '@limo/contracts';
import { screenshot } from '../support/browser.js';
import { adminAuth, signInAsAdmin } from '../support/admin-auth.js';
import { assign, book, NEW_PASSWORD, signedInDriver, signInAsDriver } from '../support/drivers.js';
import { trackRequests } from '../support/network-quiet.js';
import { eventually } from '../support/stack.js';
import { withStack } from '../support/fixtures.js';
import { DESKTOP, withBrowser } from '../support/page-fixtures.js';

/**
 * Admin screens as issue 30 found them in Chromium at 390 and 1440 px: what the register-driver
 * page sends without a sign-in, the dashboard's length and wording, names instead of ids, the
 * driver cards. The web app must be built first (npm test does).
 */

const WIDTHS = [390, 1440] as const;

describe('admin screens in Chromium', () => {
  const stack = withStack();
  const { page, errors } = withBrowser({ page: { viewport: DESKTOP, timeout: 10_000 } });

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

    it('signed in: sends the admin credentials and the driver is active at once; the same email again is refused under Email', async () => {
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

      // The same email again: the refusal is said under Email, which takes focus, not in a toast.
      const email = ((await response!.json()) as { email: string }).email;
      await page.getByRole('button', { name: 'Register Another Driver' }).click();
      await fillRegistration(page, 'Again');
      await page.getByLabel('Email Address').fill(email);
      await page.getByRole('button', { name: 'Register Driver' }).click();
      const emailField = page.getByLabel('Email Address');
      await eventually(async () => (await emailField.getAttribute('aria-invalid')) === 'true' || undefined, 10_000, 'the refusal under Email');
      const describedBy = (await emailField.getAttribute('aria-describedby')) ?? '';
      await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe('A driver with this email address is already registered');
      expect(await emailField.evaluate((input) => input === document.activeElement)).toBe(true);
      await expect(page.getByTestId('toast').getByText('Registration Failed').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    });
  });

  describe('/admin/dashboard', () => {
    let needDriver: number;

    beforeAll(async () => {
      // 24 requests: one a driver declined, one waiting for a driver's answer, 22 never assigned.
      const rides = [];
      for (let i = 0; i < 24; i++) rides.push(await book(stack, { firstName: `Guest${i}` }, 4 + (i % 5), `${String(8 + (i % 10)).padStart(2, '0')}:00`));
      const { agent, driver } = await signedInDriver(stack, { firstName: 'Declan' });
      await assign(stack, rides[0].id, driver.id).expect(200);
      await agent.post(`/api/bookings/${rides[0].id}/decline`).expect(200);
      await assign(stack, rides[1].id, driver.id).expect(200);
      needDriver = 23;
      await eventually(async () => (await request(stack.baseUrl).get('/api/admin/notifications').set('Authorization', adminAuth(stack))).body.count === needDriver, 10_000, 'the dashboard counts');
    }, 60_000);

    it('shows 6 of 24 pending requests with Show more, and says what each count counts', async () => {
      await signInAsAdmin(page, stack);
      const pending = page.getByRole('region', { name: 'Pending Booking Requests' });
      await pending.locator('.pending-card').first().waitFor();
      await expect(pending.locator('.pending-card').count()).resolves.toBe(6);
      await expect(pending.getByText('Showing 6 of 24.').count()).resolves.toBe(1);
      // Two rows of cards at 1440 px, not eight.
      expect((await pending.boundingBox())!.height).toBeLessThan(1400);
      await pending.getByRole('button', { name: 'Show 6 more' }).click();
      await expect(pending.locator('.pending-card').count()).resolves.toBe(12);

      await expect(page.getByTestId('stat-pending-requests').textContent()).resolves.toBe('24');
      const card = page.locator('.stat-card', { has: page.getByTestId('stat-pending-requests') });
      await card.getByText(`${needDriver} need a driver, 1 awaiting an answer`).waitFor();
      const alerts = page.getByRole('region', { name: 'Dispatch Alerts' });
      await expect(alerts.getByTestId('alerts-count').textContent()).resolves.toBe('1 declined or missed');
      await expect(alerts.getByText(/need a driver/).count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    });

    it('draws the revenue chart as tall as the table beside it, and lists no day or month still to come', async () => {
      await signInAsAdmin(page, stack);
      const panel = page.locator('.revenue-panel');
      const table = panel.getByRole('region', { name: /^Daily revenue, .+ \(table\)$/ });
      await table.waitFor();
      await panel.scrollIntoViewIfNeeded();
      const fill = async () => {
        const [chart, rows] = await Promise.all([panel.locator('.chart-svg').boundingBox(), table.boundingBox()]);
        return { chart: Math.round(chart!.height), table: Math.round(rows!.height), chartTop: Math.round(chart!.y), tableTop: Math.round(rows!.y) };
      };
      await eventually(async () => {
        const f = await fill();
        return f.chartTop === f.tableTop && Math.abs(f.chart - f.table) <= 2;
      }, 5000, 'the chart to fill the height beside the daily table').catch(async (e) => {
        throw new Error(`${(e as Error).message}: ${JSON.stringify(await fill())}`);
      });

      const [year, month] = businessToday().split('-').map(Number);
      if (month < 12) {
        await panel.getByLabel('Month').selectOption(String(month + 1));
        await panel.getByText(`No data: ${MONTH_NAMES[month]} ${year} has not started yet.`).waitFor();
        await panel.getByLabel('Month').selectOption(String(month));
      }
      await panel.getByRole('tab', { name: 'Monthly View' }).click();
      const monthly = panel.getByRole('region', { name: /^Monthly revenue, \d{4} \(table\)$/ });
      await monthly.waitFor();
      await expect(monthly.locator('tbody tr').count()).resolves.toBe(month);
      await expect(monthly.locator('tbody th').last().textContent()).resolves.toBe(MONTH_NAMES[month - 1]);
      // No revenue in any month here: no growth to give, no average of no bookings.
      await expect(monthly.locator('tbody td:nth-child(3)').first().textContent()).resolves.toBe('n/a');
      await expect(monthly.locator('tbody td:nth-child(5)').first().textContent()).resolves.toBe('n/a');
      expect(errors).toEqual([]);
    });

    it('renders at 390 and 1440 px', async () => {
      const network = trackRequests(page);
      await signInAsAdmin(page, stack);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
        await page.locator('.pending-card').first().waitFor();
        await network.settled();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `admin-dashboard-24-pending-${width}`);
        await page.locator('.revenue-panel').screenshot({ path: `${process.cwd()}/test-output/screenshots/admin-dashboard-revenue-${width}.png` });
      }
    });
  });

  describe('names instead of ids', () => {
    it('shows the booking\'s vehicle by name and the fare as priced on the bookings page and in the dialog', async () => {
      const vehicles = (await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as Vehicle[];
      const suv = vehicles.find((v) => v.id === 2)!;
      const ride = await book(stack, { vehicleId: 2, firstName: 'Naomi' }, 9, '11:00');
      await signInAsAdmin(page, stack);
      await page.goto(`${stack.baseUrl}/admin/bookings`);
      const card = page.getByTestId(`booking-${ride.id}`);
      await card.waitFor();
      await card.locator('dd', { hasText: suv.name }).waitFor();
      const text = (await card.textContent())!;
      expect(text).not.toMatch(/Vehicle ID/i);
      expect(text).not.toMatch(/\bID \d/);
      await card.getByRole('button', { name: `View booking #${ride.id}` }).click();
      const dialog = page.getByRole('dialog');
      // The vehicle by name, and the rate table's fare line (how it was priced), never a vehicle id.
      await dialog.locator('dd', { hasText: suv.name }).first().waitFor();
      await dialog.getByTestId('booking-price').getByText(/^Transfer fare: /).waitFor();
      expect(await dialog.textContent()).not.toMatch(/vehicle \d|\(ID \d/i);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await screenshot(page, `admin-booking-names-${width}`);
      }
      expect(errors).toEqual([]);
    });
  });

  describe('/admin/drivers', () => {
    const longEmail = () => `alexandra.montgomery-whitfield.${Date.now()}@prestige-chauffeurs.example`;

    /** Where the browser broke the text of `selector` into lines: the characters each line starts with. */
    const lineStarts = (p: Page, selector: string) =>
      p.locator(selector).evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const chars: { char: string; top: number; prev: string }[] = [];
        let prev = '';
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            chars.push({ char: node.textContent![i], top: Math.round(range.getBoundingClientRect().top), prev });
            prev = node.textContent![i];
          }
        }
        return chars.filter((c, i) => i > 0 && c.top > chars[i - 1].top).map((c) => ({ char: c.char, after: c.prev }));
      });

    it('a driver awaiting approval is offered Approve, not Toggle Duty; Approve shows at once; emails wrap only at @ or .', async () => {
      const email = longEmail();
      const applied = await request(stack.baseUrl)
        .post('/api/register-driver')
        .send({ firstName: 'Alexandra', lastName: 'Montgomery', email, phone: '3105550188', licenseNumber: 'D7788991', address: '9 Ocean Ave, Santa Monica, CA' })
        .expect(201);
      const username = applied.body.username as string;
      await signInAsAdmin(page, stack);
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${stack.baseUrl}/admin/drivers`);
      const card = page.getByTestId(`driver-${username}`);
      await card.waitFor();
      await card.getByText('Awaiting approval').waitFor();
      await expect(card.getByRole('button', { name: /Toggle duty/ }).count()).resolves.toBe(0);

      const breaks = await lineStarts(page, `[data-testid="driver-${username}"] .email-address`);
      expect(breaks.length).toBeGreaterThan(0);
      for (const b of breaks) expect(['@', '.']).toContain(b.char);
      await screenshot(page, 'admin-drivers-awaiting-390');

      await card.getByRole('button', { name: 'Approve' }).click();
      await page.getByTestId('toast').getByText('Driver Approved').waitFor();
      await card.getByRole('button', { name: /Toggle duty for Alexandra Montgomery/ }).waitFor();
      await expect(card.getByText('Awaiting approval').count()).resolves.toBe(0);
      const saved = (await request(stack.baseUrl).get('/api/drivers').set('Authorization', adminAuth(stack)).expect(200)).body as Driver[];
      expect(saved.find((d) => d.username === username)!.isActive).toBe(true);
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, 'admin-drivers-approved-1440');
      expect(errors).toEqual([]);
    });

    it('the driver\'s own dashboard counts one ride in the singular', async () => {
      const { agent, driver } = await signedInDriver(stack, { firstName: 'Solene' });
      const ride = await book(stack, {}, 10, '07:00');
      await assign(stack, ride.id, driver.id).expect(200);
      await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
      for (const status of ['en-route', 'picked-up', 'dropped-off', 'completed']) await agent.put(`/api/bookings/${ride.id}/driver-status`).send({ driverStatus: status }).expect(200);
      await eventually(async () => (await agent.get('/api/drivers/current').expect(200)).body.driver.totalRides === 1, 10_000, 'the ride counted');
      await signInAsDriver(page, stack, driver.username, NEW_PASSWORD);
      const profile = page.locator('p', { hasText: 'Professional Chauffeur' });
      await profile.waitFor();
      expect(await profile.textContent()).toMatch(/· 1 ride$/);
    });
  });
});
