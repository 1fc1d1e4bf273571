import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { toCents, type Booking } from '@limo/contracts';
import { signInAsAdmin } from '../support/admin-auth.js';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { book } from '../support/drivers.js';
import { withStack } from '../support/fixtures.js';
import { DESKTOP, withBrowser } from '../support/page-fixtures.js';

/**
 * The driver portal and dispatch in Chromium against the whole stack, two browsers side by side:
 * the admin registers a driver, the driver signs in with the temporary password, changes it,
 * goes on duty and shares a (faked) position, which the admin's Driver Locations shows; a booking
 * made through the API is assigned from Pending Requests, reaches the driver live, is accepted
 * (the admin sees it confirmed live) and driven to completed; then the admin's Today's Revenue,
 * the driver's Today's Earnings and /driver/revenue move by the exact amounts, and the Export
 * file carries them; the admin's booking dialog shows the ride's timeline, and an admin's password
 * reset sends the driver back to sign-in. Every driver page is photographed at 390 and 1440 px and
 * checked with axe.
 * The web app must be built first (npm test does).
 */

const WIDTHS = [390, 1440] as const;
const POSITION = { latitude: 34.052235, longitude: -118.243683 };

/** "$1,234.50" → 123450 */
const centsOf = (text: string | null) => toCents((text ?? '').replace(/[$,\s]/g, ''));
const money = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** The driver's share (decisions.md): 60% of base plus add-ons, rounded half up to the cent, plus the whole gratuity. */
const earningsCents = (b: Booking) => Math.floor(((toCents(b.price.base) + toCents(b.price.addOns)) * 60 + 50) / 100) + toCents(b.price.gratuity);

describe('driver portal and dispatch in Chromium', () => {
  const stack = withStack();
  const web = withBrowser();
  let admin: Page;
  let driver: Page;
  let adminErrors: string[];
  let driverErrors: string[];

  beforeEach(async () => {
    ({ page: admin, errors: adminErrors } = await web.open({ viewport: DESKTOP, timeout: 15_000 }));
    ({ page: driver, errors: driverErrors } = await web.open({
      viewport: DESKTOP,
      acceptDownloads: true,
      timeout: 15_000,
      prepare: async (p) => {
        await p.context().grantPermissions(['geolocation'], { origin: stack.baseUrl });
        await p.context().setGeolocation(POSITION);
      },
    }));
  });

  /** A screenshot of the driver's page at both widths, and no serious or critical axe finding. */
  async function photograph(name: string): Promise<void> {
    for (const width of WIDTHS) {
      await driver.setViewportSize({ width, height: 900 });
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await driver.evaluate(() => window.scrollTo(0, 0));
      await driver.waitForTimeout(150);
      expect({ name, width, scrollWidth: await driver.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ name, width, scrollWidth: width });
      expect(await seriousAxeViolations(driver)).toEqual([]);
      await screenshot(driver, `driver-portal-${name}-${width}`);
    }
    await driver.setViewportSize({ width: 1440, height: 900 });
  }

  /** Marks the page, so a later check can tell it was never reloaded. */
  const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
  const wasNotReloaded = (page: Page) => page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched === true);

  it('takes a driver from registration to a completed ride, live on both sides, and pays them exactly', async () => {
    // The admin logs in and registers a driver.
    await signInAsAdmin(admin, stack);
    await admin.goto(`${stack.baseUrl}/admin/register-driver`);
    const lastName = `Portal${Date.now().toString(36).replace(/\d/g, '')}`;
    await admin.getByLabel('First Name').fill('Dana');
    await admin.getByLabel('Last Name').fill(lastName);
    await admin.getByLabel('Email Address').fill(`dana.${Date.now()}@example.com`);
    await admin.getByLabel('Phone Number').fill('3105550123');
    await admin.getByLabel("Driver's License Number").fill('D5550123');
    await admin.getByLabel('Home Address').fill('1 Ocean Ave, Santa Monica, CA');
    await admin.getByRole('button', { name: 'Register Driver' }).click();
    const username = (await admin.getByTestId('registered-username').textContent())!.trim();
    const temporaryPassword = (await admin.getByTestId('temporary-password').textContent())!.trim();
    const name = `Dana ${lastName}`;

    // The driver's dashboard sends a signed-out driver to the login, and back.
    await driver.goto(`${stack.baseUrl}/driver/dashboard`);
    await driver.waitForURL(/\/login\?next=%2Fdriver%2Fdashboard$/);
    await driver.getByRole('heading', { name: 'Driver Login' }).waitFor();
    await driver.locator('#driver-username').fill(username);
    await driver.locator('#driver-password').fill('not-the-password');
    await driver.getByRole('button', { name: 'Log In' }).click();
    await expect(driver.getByRole('alert').textContent()).resolves.toBe('Invalid username or password');
    await photograph('login');
    await driver.locator('#driver-password').fill(temporaryPassword);
    await driver.getByRole('button', { name: 'Log In' }).click();
    await driver.waitForURL('**/driver/dashboard');

    // The temporary password must be changed first; a wrong current password is said under its field.
    await driver.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
    await photograph('password-change');
    await driver.getByLabel(/^Current Password/).fill('wrong-temporary');
    await driver.getByLabel(/^New Password/).fill('a-new-secret-1');
    await driver.getByLabel(/^Confirm New Password/).fill('a-new-secret-1');
    await driver.getByRole('button', { name: 'Change Password' }).click();
    await driver.locator('.field-error', { hasText: 'Current password is incorrect' }).waitFor();
    await driver.getByLabel(/^Current Password/).fill(temporaryPassword);
    await driver.getByRole('button', { name: 'Change Password' }).click();
    await driver.getByRole('heading', { level: 1, name }).waitFor();
    // The figures load after the page: wait for them rather than read the placeholder.
    await driver.getByTestId('today-earnings').filter({ hasText: /^\$0\.00$/ }).waitFor();

    // On duty: the position is shared, and the admin's Driver Locations shows it.
    await driver.getByRole('switch', { name: 'On duty' }).click();
    await driver.getByTestId('duty-badge').filter({ hasText: 'On Duty' }).waitFor();
    await driver.getByTestId('location-last-sent').filter({ hasText: 'Last sent' }).waitFor();
    await admin.goto(`${stack.baseUrl}/admin/dashboard`);
    const location = admin.locator('.location-item', { hasText: `@${username}` });
    await location.filter({ hasText: '34.052235, -118.243683' }).waitFor();
    await expect(location.textContent()).resolves.toContain('On Duty');
    // On the map too, live (green), and choosing the marker picks the driver's line in the list
    // (by keyboard: a demo driver stands on the same spot, over it for the mouse).
    const marker = admin.getByRole('region', { name: 'Map of drivers on duty' }).getByRole('button', { name: `${name}, live` });
    await expect(marker.getAttribute('data-at')).resolves.toBe('34.05224,-118.24368');
    await expect(marker.getAttribute('class')).resolves.toContain('map-tone-live');
    await marker.focus();
    await admin.keyboard.press('Enter');
    await admin.locator('.location-item[aria-current="true"]', { hasText: `@${username}` }).waitFor();
    await admin.getByTestId('live-note').filter({ hasText: 'Live' }).waitFor();
    await driver.getByTestId('live-note').filter({ hasText: 'Live' }).waitFor();

    // The figures before the ride.
    const todaysRevenue = admin.locator('.revenue-card', { hasText: "Today's Revenue" }).locator('.stat-value');
    await todaysRevenue.filter({ hasText: '$' }).waitFor();
    const revenueBefore = centsOf(await todaysRevenue.textContent());

    // A booking arrives in Pending Requests without a reload, and the admin assigns the driver.
    await markPage(admin);
    await markPage(driver);
    const booking = await book(stack, { firstName: 'Quinn', lastName: 'Portaltest' }, 1);
    const card = admin.getByTestId(`pending-${booking.reference}`);
    await card.waitFor();
    await card.getByLabel('Assign driver').selectOption({ label: `${name} (${username}) · free` });
    await card.getByRole('button', { name: `Assign & Notify: ${booking.reference}` }).click();
    await admin.getByTestId('toast').getByText('Driver Notified').waitFor();
    const awaiting = card.getByTestId('awaiting-driver');
    await awaiting.filter({ hasText: `Waiting for ${name} to answer` }).waitFor();
    await expect(awaiting.getByRole('timer').textContent()).resolves.toMatch(/^1[45]:\d\d$/);
    await awaiting.getByRole('button', { name: /^Withdraw/ }).waitFor();

    // The driver sees it live, with the countdown, and accepts.
    const ride = driver.getByTestId(`ride-${booking.reference}`);
    await ride.getByTestId('ride-badge').filter({ hasText: 'Awaiting your answer' }).waitFor();
    await expect(ride.getByRole('timer').textContent()).resolves.toMatch(/^1[45]:\d\d$/);
    await expect(ride.textContent()).resolves.toContain('Quinn Portaltest');
    await photograph('dashboard-ride-offered');
    await ride.getByRole('button', { name: `Accept ${booking.reference}` }).click();
    await ride.getByTestId('ride-badge').filter({ hasText: 'Confirmed' }).waitFor();

    // The admin sees it confirmed, live: gone from the pending requests, Confirmed in Recent Activity.
    await card.waitFor({ state: 'detached' });
    await admin.locator('.activity-item', { hasText: 'Quinn Portaltest' }).locator('.badge', { hasText: 'Confirmed' }).waitFor();
    expect(await wasNotReloaded(admin)).toBe(true);
    expect(await wasNotReloaded(driver)).toBe(true);

    // The driver drives it: en route, picked up (arrived skipped), dropped off (the milestones skipped), completed.
    for (const action of ['Start: En Route', 'Passenger Picked Up', 'Passenger Dropped Off']) {
      await ride.getByRole('button', { name: action }).click();
      await ride.getByRole('button', { name: action }).waitFor({ state: 'detached' });
    }
    await photograph('dashboard-ride-in-progress');
    await ride.getByRole('button', { name: 'Complete Ride' }).click();
    const earned = earningsCents(booking);
    await driver.getByTestId('toast').filter({ hasText: `You earned ${money(earned)}` }).waitFor();
    await ride.waitFor({ state: 'detached' });

    // The money: the admin's revenue by the booking's total, the driver's earnings by their share.
    await todaysRevenue.filter({ hasText: money(revenueBefore + toCents(booking.totalAmount)) }).waitFor({ timeout: 20_000 });
    await driver.getByTestId('today-earnings').filter({ hasText: money(earned) }).waitFor({ timeout: 20_000 });
    await expect(driver.getByTestId('rides-today').textContent()).resolves.toBe('1');
    expect(await wasNotReloaded(admin)).toBe(true);
    expect(await wasNotReloaded(driver)).toBe(true);
    await photograph('dashboard');

    // /driver/revenue: this month and this week carry the ride; Export downloads them.
    await driver.getByRole('link', { name: 'Revenue', exact: true }).click();
    await driver.waitForURL('**/driver/revenue');
    await driver.getByTestId('revenue-total-earnings').filter({ hasText: money(earned) }).waitFor();
    await expect(driver.getByTestId('revenue-total-rides').textContent()).resolves.toBe('1');
    await expect(driver.getByTestId('revenue-avg-per-ride').textContent()).resolves.toBe(money(earned));
    await photograph('revenue-monthly');
    const monthly = await exportCsv(driver);
    expect(monthly.name).toMatch(/^earnings-\d{4}-\d{2}\.csv$/);
    expect(monthly.content).toMatch(new RegExp(`\\r\\nTotal \\([A-Z][a-z]+ \\d{4}\\),1,${(earned / 100).toFixed(2)},`));

    await driver.getByRole('tab', { name: 'Weekly View' }).click();
    await driver.getByTestId('revenue-week-total').filter({ hasText: money(earned) }).waitFor();
    expect(await driver.getByLabel('Week').locator('option:checked').textContent()).toMatch(/^Week \d: [A-Z][a-z]{2} \d+-[A-Z][a-z]{2} \d+$/);
    await photograph('revenue-weekly');
    const weekly = await exportCsv(driver);
    expect(weekly.name).toMatch(/^earnings-\d{4}-\d{2}-week-\d\.csv$/);
    expect(weekly.content).toContain(`,1,${(earned / 100).toFixed(2)},`);

    // Log Out; a signed-out visit to /driver/revenue goes through the login and back.
    await driver.getByRole('button', { name: 'Log Out' }).click();
    await driver.waitForURL('**/login');
    await driver.goto(`${stack.baseUrl}/driver/revenue`);
    await driver.waitForURL(/\/login\?next=%2Fdriver%2Frevenue$/);
    await driver.locator('#driver-username').fill(username);
    await driver.locator('#driver-password').fill('a-new-secret-1');
    await driver.getByRole('button', { name: 'Log In' }).click();
    await driver.waitForURL('**/driver/revenue');
    await driver.getByRole('heading', { name: 'My Earnings' }).waitFor();

    // The admin's booking dialog tells the ride's story.
    await admin.goto(`${stack.baseUrl}/admin/bookings`);
    await admin.getByRole('button', { name: `View booking #${booking.id}` }).click();
    const timeline = admin.getByRole('dialog').getByTestId('booking-timeline');
    await timeline.waitFor();
    const story = (await timeline.getByRole('listitem').allTextContents()).join('\n');
    expect(story).toMatch(/Booked.*by Customer/);
    expect(story).toMatch(/Assigned to a driver.*by Admin/);
    expect(story).toContain(`Accepted by the driverby Driver ${name}`);
    expect(story).toContain(`Ride Completedby Driver ${name}`);
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(admin, 'driver-portal-admin-timeline-1440');
    await admin.keyboard.press('Escape');

    // An admin's password reset ends the driver's session: the next page asks them to sign in
    // again, and the new temporary password leads to the password change.
    await admin.goto(`${stack.baseUrl}/admin/drivers`);
    await admin.getByRole('button', { name: `Reset Password for ${name}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Reset Password' }).click();
    const resetPassword = (await admin.getByRole('dialog').getByTestId('temporary-password').textContent())!.trim();
    expect(resetPassword).not.toBe(temporaryPassword);
    await driver.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await driver.waitForURL(/\/login\?next=%2Fdriver%2Fdashboard$/);
    await driver.locator('#driver-username').fill(username);
    await driver.locator('#driver-password').fill(resetPassword);
    await driver.getByRole('button', { name: 'Log In' }).click();
    await driver.getByRole('heading', { name: 'Choose a New Password' }).waitFor();

    expect(adminErrors).toEqual([]);
    expect(driverErrors).toEqual([]);
  }, 240_000);
});

/** Presses Export and reads the file the browser saved. */
async function exportCsv(page: Page): Promise<{ name: string; content: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Export/ }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), content: await readFile(path, 'utf8') };
}
