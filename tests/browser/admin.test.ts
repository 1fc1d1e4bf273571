import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { addDays, businessToday, MONTH_NAMES, PLATE_MESSAGE, toCents, type Booking } from '@limo/contracts';
import { screenshot } from '../support/browser.js';
import { adminAuth, signInAsAdmin } from '../support/admin-auth.js';
import { eventually } from '../support/stack.js';
import { withStack } from '../support/fixtures.js';
import { DESKTOP, withBrowser } from '../support/page-fixtures.js';
import { seriousAxeViolations } from '../support/axe.js';
import { trackRequests } from '../support/network-quiet.js';

/**
 * The admin back office in Chromium against the whole stack: login through /admin, a booking
 * made through the API and completed in /admin/bookings moving the dashboard's revenue, a driver
 * registered in /admin/register-driver showing in /admin/drivers, logout, and a screenshot of
 * every admin page at phone and desktop width. The web app must be built first (npm test does).
 */

const WIDTHS = [390, 1440] as const;

/** "$1,234.50" → 123450 */
const centsOf = (text: string | null) => toCents((text ?? '').replace(/[$,\s]/g, ''));

describe('admin back office in Chromium', () => {
  const stack = withStack();
  const { page, context, errors } = withBrowser({ page: { viewport: DESKTOP, timeout: 10_000 } });
  let username: string;
  let password: string;

  beforeAll(() => {
    username = stack.env.gatewayConfig.ADMIN_USERNAME!;
    password = stack.env.gatewayConfig.ADMIN_PASSWORD!;
  });

  const logIn = (p: Page = page) => signInAsAdmin(p, stack);

  async function createBooking(firstName: string): Promise<Booking> {
    const res = await fetch(`${stack.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        tripType: 'one-way',
        pickupDate: addDays(businessToday(), 3),
        pickupTime: '10:30',
        pickupLocation: 'LAX - Los Angeles International Airport',
        dropoffLocation: 'Downtown Los Angeles',
        duration: 1,
        specialRequests: '',
        vehicleId: 1,
        firstName,
        lastName: 'Browser',
        email: `${firstName.toLowerCase()}@example.com`,
        phone: '3105551234',
        paymentMethod: 'phone-card',
        smsUpdates: false,
        meetGreet: true,
        childSeats: false,
      }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Booking;
  }

  it('refuses a wrong password with the spec toast and stores no login', async () => {
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    expect(await page.title()).toContain('Admin Login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel(/^Password/).fill(`${password}-wrong`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Login Failed').waitFor();
    await expect(toast.textContent()).resolves.toContain('Invalid username or password. Please try again.');
    expect(await page.evaluate(() => localStorage.getItem('adminAuth'))).toBeNull();
    expect(page.url()).toMatch(/\/admin$/);
  });

  it('logs in through /admin, stores the Basic credentials and opens the dashboard', async () => {
    await logIn();
    const toast = page.getByTestId('toast');
    await toast.getByText('Login Successful').waitFor();
    await expect(toast.textContent()).resolves.toContain('Welcome to the admin dashboard!');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('adminAuth'))) ?? '{}');
    expect(`Basic ${stored.credentials}`).toBe(adminAuth(stack));
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    for (const label of ['Total Bookings', 'Total Revenue', 'Active Drivers', 'Pending Requests']) {
      await page.locator('.stat-label', { hasText: label }).waitFor();
    }
    await expect(page.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('completes a booking in /admin/bookings and the dashboard revenue grows by its total', async () => {
    await logIn();
    const revenue = page.getByTestId('stat-total-revenue');
    await revenue.filter({ hasText: '$' }).waitFor();
    const before = centsOf(await revenue.textContent());

    const booking = await createBooking('Casey');
    // The bell counts pending requests (polled; a reload fetches it at once).
    await eventually(async () => {
      await page.reload();
      const count = await page.getByTestId('notification-count').textContent({ timeout: 2000 });
      return Number(count) >= 1;
    }, 15_000, 'the bell to count the new booking');

    await page.getByRole('link', { name: 'Bookings', exact: true }).click();
    const card = page.getByTestId(`booking-${booking.id}`);
    await card.waitFor();
    await expect(card.getByTestId('booking-status').textContent()).resolves.toBe('Pending');
    await expect(card.textContent()).resolves.toContain('Casey Browser');

    await card.getByRole('button', { name: `Edit booking #${booking.id}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(booking.reference);
    // Cancel restores the original status and returns to view mode.
    await dialog.getByLabel('Status', { exact: true }).selectOption('cancelled');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Edit Booking' }).waitFor();
    await expect(dialog.locator('.badge').first().textContent()).resolves.toBe('Pending');

    await dialog.getByRole('button', { name: 'Edit Booking' }).click();
    await dialog.getByLabel('Status', { exact: true }).selectOption('completed');
    await dialog.getByLabel('Admin notes').fill('Paid by card over the phone');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Booking Updated').waitFor();
    await expect(toast.textContent()).resolves.toContain('Booking details have been saved successfully.');
    await dialog.getByText('Paid by card over the phone').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await card.getByTestId('booking-status').filter({ hasText: 'Completed' }).waitFor();

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    // Revenue comes from the reporting projection: allow it the moment the event takes.
    await eventually(async () => {
      await page.reload();
      const text = await page.getByTestId('stat-total-revenue').filter({ hasText: '$' }).textContent({ timeout: 3000 });
      return centsOf(text) === before + toCents(booking.totalAmount);
    }, 20_000, 'the dashboard revenue to include the completed booking');
    await page.locator('.activity-item', { hasText: 'Casey Browser' }).getByText('Completed').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the 15 days ending today in the daily view, and every month in full in the monthly view at 1440 px', async () => {
    const booking = await createBooking('Dana');
    const done = await fetch(`${stack.baseUrl}/api/bookings/${booking.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: adminAuth(stack) },
      body: JSON.stringify({ status: 'completed' }),
    });
    expect(done.status).toBe(200);
    const today = businessToday();
    // The dashboard opens on today's month; the year selector runs from 2024 (or the first booking's year) to this year.
    const [year, monthNumber, day] = today.split('-').map(Number);
    const todayShort = `${MONTH_NAMES[monthNumber - 1].slice(0, 3)} ${day}`;
    await logIn();

    const panel = page.locator('.revenue-panel');
    const range = panel.getByTestId('daily-range');
    await expect(range.textContent()).resolves.toMatch(new RegExp(`^The last 15 days: .+ – ${todayShort}, ${year}$`));
    // The projection takes a moment: today's row, the last one, shows the completed ride.
    await eventually(async () => {
      await page.reload();
      const last = panel.getByRole('region', { name: /^Daily revenue, .+ \(table\)$/ }).locator('tbody tr').last();
      await last.waitFor({ timeout: 3000 });
      const cells = await last.locator('th, td').allTextContents();
      return cells[0] === todayShort && cells[2] !== '$0.00';
    }, 20_000, "today's revenue in the daily view");
    expect(await panel.locator('tbody tr').count()).toBe(15);
    await expect(panel.getByText('No revenue in this period').count()).resolves.toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.cwd()}/test-output/screenshots/admin-revenue-daily-1440.png` });

    await panel.getByRole('tab', { name: 'Monthly View' }).click();
    const table = panel.getByRole('region', { name: /^Monthly revenue, \d{4} \(table\)$/ });
    await table.waitFor();
    // No column cut off and no inner scroll hiding a month: the table shows whole.
    const fit = await table.evaluate((el) => ({ width: el.scrollWidth - el.clientWidth, height: el.scrollHeight - el.clientHeight }));
    expect(fit).toEqual({ width: 0, height: 0 });
    await expect(table.locator('thead th').allTextContents()).resolves.toEqual(['Month', 'Bookings', 'Growth', 'Total', 'Average']);
    const month = table.locator('tbody tr', { hasText: MONTH_NAMES[monthNumber - 1] });
    await expect(month.locator('td').nth(2).textContent()).resolves.not.toBe('$0.00');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.cwd()}/test-output/screenshots/admin-revenue-monthly-1440.png` });
    expect(errors).toEqual([]);
  });

  it('registers a driver in /admin/register-driver and shows it in /admin/drivers', async () => {
    await logIn();
    await page.goto(`${stack.baseUrl}/admin/register-driver`);
    await page.getByRole('button', { name: 'Register Driver' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('First Name').fill('Jordan');
    await page.getByLabel('Last Name').fill('Whitfield');
    await page.getByLabel('Email Address').fill(`jordan.${Date.now()}@example.com`);
    await page.getByLabel('Phone Number').fill('3105550199');
    await page.getByLabel("Driver's License Number").fill('D5550199');
    await page.getByLabel('Home Address').fill('500 Wilshire Blvd, Los Angeles, CA');
    await page.getByRole('button', { name: 'Register Driver' }).click();

    const toast = page.getByTestId('toast');
    await toast.getByText('Driver Registered Successfully').waitFor();
    const registered = (await page.getByTestId('registered-username').textContent())!;
    expect(registered).toMatch(/^whitjo\d*$/);
    await expect(toast.textContent()).resolves.toContain(registered);
    await expect(page.getByTestId('temporary-password').textContent()).resolves.toMatch(/\S{8,}/);

    await page.getByRole('link', { name: 'View All Drivers' }).click();
    await page.waitForURL('**/admin/drivers');
    const card = page.getByTestId(`driver-${registered}`);
    await card.waitFor();
    await expect(card.textContent()).resolves.toMatch(/Jordan Whitfield.*Off Duty.*\(310\) 555-0199.*D5550199/s);

    // Toggle Duty works against the drivers service.
    await card.getByRole('button', { name: /Toggle duty for Jordan Whitfield/ }).click();
    await card.getByText('On Duty').waitFor();
    expect(errors).toEqual([]);
  });

  /** Fails unless the toast and the element share no pixel, now and at every given scroll position. */
  async function expectToastClearOf(p: Page, selector: string): Promise<void> {
    const apart = (sel: string) => {
      const toast = document.querySelector('[data-testid="toast"]')?.getBoundingClientRect();
      const kept = document.querySelector(sel)?.getBoundingClientRect();
      if (!toast || !kept) return false;
      return toast.bottom <= kept.top || kept.bottom <= toast.top || toast.right <= kept.left || kept.right <= toast.left;
    };
    const positions = await p.evaluate((sel) => {
      const box = document.querySelector(sel)!.getBoundingClientRect();
      const top = box.top + window.scrollY;
      // As shown, then with the box at the bottom of the screen, in the middle, and at the top.
      return [window.scrollY, top - (window.innerHeight - box.height - 24), top - (window.innerHeight - box.height) / 2, top - 100];
    }, selector);
    for (const y of positions) {
      await p.evaluate((to) => window.scrollTo(0, to), y);
      await p.waitForFunction(apart, selector, { timeout: 2000 }).catch(() => {
        throw new Error(`the toast covers ${selector} at scroll position ${Math.round(y)}`);
      });
    }
  }

  async function fillRegistration(p: Page, first: string, last: string): Promise<void> {
    await p.getByLabel('First Name').fill(first);
    await p.getByLabel('Last Name').fill(last);
    await p.getByLabel('Email Address').fill(`${first.toLowerCase()}.${Date.now()}@example.com`);
    await p.getByLabel('Phone Number').fill('3105550123');
    await p.getByLabel("Driver's License Number").fill('D5550123');
    await p.getByLabel('Home Address').fill('1 Ocean Ave, Santa Monica, CA');
  }

  it('never lets the success toast hide the temporary password on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.baseUrl}/driver/register`);
    await fillRegistration(page, 'Avery', 'Kingsley');
    await page.getByRole('button', { name: 'Register as Driver' }).click();
    await page.getByTestId('toast').getByText('Driver Registration Successful!').waitFor();
    await expectToastClearOf(page, '.temp-password');
    await screenshot(page, 'driver-register-success-390');

    await logIn();
    await page.goto(`${stack.baseUrl}/admin/register-driver`);
    await fillRegistration(page, 'Morgan', 'Castellano');
    await page.getByRole('button', { name: 'Register Driver' }).click();
    await page.getByTestId('toast').getByText('Driver Registered Successfully').waitFor();
    await expectToastClearOf(page, '.temp-password');
    expect(errors).toEqual([]);
  });

  /** Signs in, opens Manage Drivers and the Edit dialog of the first or last driver's card (one without a photo). */
  async function openDriverEdit(which: 'first' | 'last') {
    await logIn();
    await page.goto(`${stack.baseUrl}/admin/drivers`);
    const card = page.locator('article.driver-card')[which]();
    await card.waitFor();
    const name = (await card.locator('h2').textContent())!;
    expect(await card.locator('img.avatar').count()).toBe(0);
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    return { card, dialog: page.getByRole('dialog') };
  }

  it('edits a driver in the Edit dialog, with the shared validation messages', async () => {
    const { card, dialog } = await openDriverEdit('first');
    await dialog.getByLabel('Phone Number').fill('555');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Valid phone number is required').waitFor();
    await dialog.getByLabel('Phone Number').fill('(949) 555-0123');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByTestId('toast').getByText('Driver Updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('(949) 555-0123').waitFor();
    expect(errors).toEqual([]);
  });

  it("sets a driver's car and photo in the Edit dialog: the card shows the photo instead of the initials, and the car", async () => {
    const { card, dialog } = await openDriverEdit('last');
    await dialog.getByLabel('Car Plate').fill('ab 1$');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText(PLATE_MESSAGE).waitFor();
    await dialog.getByLabel('Car Plate').fill('limo-7');
    await dialog.getByLabel('Car Colour').selectOption('Burgundy');

    // A 1x1 PNG: the gateway makes the 256x256 JPEG the preview then shows.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await dialog.getByLabel('Upload photo').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('toast').getByText('Photo Saved').waitFor();
    await dialog.locator('img.avatar[src^="data:image/jpeg"]').waitFor();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByTestId('toast').getByText('Driver Updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('Burgundy · LIMO-7').waitFor();
    await card.locator('img.avatar[src^="data:image/jpeg"]').waitFor();
    await screenshot(page, 'admin-driver-photo');
    expect(errors).toEqual([]);
  });

  it('adds a vehicle, edits it and deactivates it from Settings in /admin/fleet', async () => {
    await logIn();
    await page.goto(`${stack.baseUrl}/admin/fleet`);
    await page.locator('article.vehicle-card').first().waitFor();
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill('Rolls-Royce Ghost');
    await dialog.getByLabel('Category').selectOption('sedan');
    await dialog.getByLabel('Capacity (passengers)').fill('3');
    await dialog.getByLabel('Type (description)').fill('Ultra Luxury Sedan');
    await dialog.getByLabel('Base rate per trip ($)').fill('395');
    await dialog.getByLabel('Features (one per line)').fill('Starlight headliner\nChampagne cooler\nLambswool rugs');
    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    await page.getByTestId('toast').getByText('Vehicle Added').waitFor();
    const card = page.locator('article.vehicle-card', { hasText: 'Rolls-Royce Ghost' });
    // Luggage left blank: a sedan's usual 3 bags.
    await expect(card.textContent()).resolves.toMatch(/Active.*Ultra Luxury Sedan.*Sedan.*3 passengers.*3 bags.*Starlight headliner.*Champagne cooler.*\+1 more/s);

    await card.getByRole('button', { name: 'Edit Rolls-Royce Ghost' }).click();
    await dialog.getByLabel('Capacity (passengers)').fill('4');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByTestId('toast').getByText('Vehicle Updated').waitFor();
    await card.getByText('4 passengers').waitFor();

    await card.getByRole('button', { name: 'Settings for Rolls-Royce Ghost' }).click();
    await dialog.getByRole('button', { name: 'Deactivate Vehicle' }).click();
    await page.getByTestId('toast').getByText('Vehicle Deactivated').waitFor();
    await card.getByText('Inactive').waitFor();
    expect(errors).toEqual([]);
  });

  it('downloads every report as a CSV file from /admin/reports', async () => {
    await logIn();
    await page.goto(`${stack.baseUrl}/admin/reports`);
    await page.getByRole('heading', { level: 1, name: 'Reports & Analytics' }).waitFor();
    for (const title of ['Revenue Report', 'Driver Performance', 'Popular Routes', 'Customer Analytics', 'Vehicle Usage', 'Performance Metrics']) {
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
    }
    await page.getByText('No data').first().waitFor();
    const buttons = page.getByRole('button', { name: /^Download .* \(CSV\)$/ });
    expect(await buttons.count()).toBe(6);
    for (let i = 0; i < 6; i++) {
      const [download] = await Promise.all([page.waitForEvent('download'), buttons.nth(i).click()]);
      expect(download.suggestedFilename()).toMatch(/^[\w.-]+\.csv$/);
      const path = await download.path();
      const text = readFileSync(path!, 'utf8');
      expect(text.split('\n')[0]).toMatch(/,/);
    }
    expect(errors).toEqual([]);
  });

  it.each(WIDTHS)("keeps the 'Report Downloaded' toast off the Download button just pressed at %i px", async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn();
    await page.goto(`${stack.baseUrl}/admin/reports`);
    const button = page.getByRole('button', { name: 'Download Report: Performance Metrics (CSV)' });
    await page.getByText('No data').first().waitFor();
    await button.scrollIntoViewIfNeeded();
    await Promise.all([page.waitForEvent('download'), button.click()]);
    await page.getByTestId('toast').getByText('Report Downloaded').waitFor();
    await expectToastClearOf(page, 'button[aria-label="Download Report: Performance Metrics (CSV)"]');
    expect(errors).toEqual([]);
  });

  it('logs out: the flag is gone, the bell disappears and the login page shows', async () => {
    await logIn();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin$/);
    expect(await page.evaluate(() => localStorage.getItem('adminAuth'))).toBeNull();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await expect(page.getByRole('button', { name: 'Logout' }).count()).resolves.toBe(0);
  });

  it('shows the bell and Logout in the public navigation only to a logged-in admin, loading admin code only then', async () => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(`${stack.baseUrl}/business`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Log In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await nav.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(scripts.filter((s) => /admin/i.test(s))).toEqual([]);

    await logIn();
    await page.goto(`${stack.baseUrl}/business`);
    const bell = nav.getByRole('link', { name: /^Bookings: / });
    await bell.waitFor();
    expect(await bell.getAttribute('href')).toBe('/admin/bookings');
    expect(scripts.some((s) => /AdminNavItems/.test(s))).toBe(true);
    // Signed in, the admin is offered the way back to the dashboard, not a second Log In.
    await expect(nav.getByRole('link', { name: 'Log In' }).count()).resolves.toBe(0);
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('href')).resolves.toBe('/admin/dashboard');
    await screenshot(page, 'public-nav-admin-1440');
    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin$/);
    expect(await page.evaluate(() => localStorage.getItem('adminAuth'))).toBeNull();
    expect(errors).toEqual([]);
  });

  it.each(WIDTHS)('tells a visitor without credentials to log in, in words and not the JSON of the 401, at %i px', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    const pages = [
      ['/admin/bookings', 'Unable to Load Bookings'],
      ['/admin/drivers', 'Unable to Load Driver Data'],
      ['/admin/dashboard', 'Unable to Load Dashboard'],
      ['/admin/reports', 'Unable to Load Reports'],
    ] as const;
    for (const [path, title] of pages) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await expect(page.locator('.state-message').textContent()).resolves.toBe(
        'You are not logged in as an administrator, or your session has expired.',
      );
      const main = await page.locator('main').innerText();
      expect({ path, json: /statusCode|401/.test(main) }).toEqual({ path, json: false });
      await expect(page.getByRole('main').getByRole('link', { name: 'Log In' }).getAttribute('href')).resolves.toBe('/admin');
      await expect(page.getByRole('button', { name: 'Try Again' }).isVisible()).resolves.toBe(true);
    }
    await screenshot(page, `admin-reports-signed-out-${width}`);
  });

  it('renders every admin page at 390 and 1440 px', async () => {
    const network = trackRequests(page);
    await createBooking('Riley');
    await logIn();
    const pages = [
      ['/admin/dashboard', 'Admin Dashboard'],
      ['/admin/bookings', 'All Bookings'],
      ['/admin/dispatch', 'Dispatch Board'],
      ['/admin/drivers', 'Manage Drivers'],
      ['/admin/fleet', 'Manage Fleet'],
      ['/admin/rates', 'Rates'],
      ['/admin/reports', 'Reports & Analytics'],
      ['/admin/register-driver', 'Register New Driver'],
    ] as const;
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, heading] of pages) {
        await page.goto(`${stack.baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.locator('[aria-busy="true"], .spinner').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
        // Not 'networkidle': the admin's live stream stays open.
        await network.settled();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (width === 1440) expect({ path, violations: await seriousAxeViolations(page) }).toEqual({ path, violations: [] });
        await screenshot(page, `admin${path.replace(/\//g, '-').replace(/^-admin/, '')}-${width}`);
      }
      await page.goto(`${stack.baseUrl}/admin/bookings`);
      await page.getByRole('button', { name: /^View booking/ }).first().click();
      await page.getByRole('dialog').waitFor();
      await screenshot(page, `admin-booking-dialog-${width}`);
      if (width === 390) expect(await seriousAxeViolations(page)).toEqual([]);
    }
    const fresh = await context.newPage();
    for (const width of WIDTHS) {
      await fresh.setViewportSize({ width, height: 900 });
      await fresh.evaluate(() => localStorage.removeItem('adminAuth')).catch(() => {});
      await fresh.goto(`${stack.baseUrl}/admin`);
      await fresh.evaluate(() => localStorage.removeItem('adminAuth'));
      await fresh.reload();
      await fresh.getByRole('heading', { name: 'Admin Login' }).waitFor();
      await screenshot(fresh, `admin-login-${width}`);
      if (width === 1440) expect(await seriousAxeViolations(fresh)).toEqual([]);
      await fresh.goto(`${stack.baseUrl}/driver/register`);
      await fresh.getByRole('heading', { name: 'Join Our Driver Team' }).waitFor();
      await screenshot(fresh, `driver-register-${width}`);
      if (width === 1440) expect(await seriousAxeViolations(fresh)).toEqual([]);
    }
    expect(errors).toEqual([]);
  }, 120_000);
});
