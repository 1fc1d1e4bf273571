import request from 'supertest';
import type { Page } from 'playwright-core';
import { adminAuth } from '../support/admin-auth.js';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { assign, book } from '../support/drivers.js';
import { withStack } from '../support/fixtures.js';
import { withBrowser } from '../support/page-fixtures.js';

/**
 * A ride offer on a phone (390 x 844) cannot be missed: pinned at the top of every driver page
 * with its countdown, Accept and Decline, announced with a chime, a vibration and a flashing tab
 * title; one that expires or is withdrawn says so instead of vanishing. An accepted ride days away
 * says when it can be started. The web app must be built first (npm test does).
 */
const DEADLINE_S = 40;
const PHONE = { width: 390, height: 844 };

interface Alerts {
  vibrations: unknown[];
  tones: number;
}

describe('ride offers on the driver pages in Chromium', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'], env: { ASSIGNMENT_RESPONSE_SECONDS: String(DEADLINE_S), RIDE_START_WINDOW_MINUTES: '180' } });
  const web = withBrowser();
  let page: Page;

  /** The offer bar's rows, as the driver reads them. */
  const barText = async () => (await page.locator('.offer-bar').allTextContents()).join(' ');
  const alerts = () => page.evaluate(() => (window as unknown as { alerts: Alerts }).alerts);
  /** Whether an element is wholly on the screen as it stands (no scrolling). */
  const onScreen = (selector: string) =>
    page.locator(selector).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
    });

  async function photograph(name: string): Promise<void> {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? PHONE.height : 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(150);
      expect({ name, width, scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ name, width, scrollWidth: width });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `driver-offers-${name}-${width}`);
    }
    await page.setViewportSize(PHONE);
  }

  it('pins each offer at the top of every page, chimes, vibrates and flashes the title, and says when an offer expired or was withdrawn', async () => {
    // What the browser would chime and vibrate: recorded (headless Chromium has no speaker or motor).
    const recordAlerts = (p: Page) =>
      p.addInitScript(() => {
        const alerts: Alerts = { vibrations: [], tones: 0 };
        (window as unknown as { alerts: Alerts }).alerts = alerts;
        Object.defineProperty(navigator, 'vibrate', { value: (pattern: unknown) => alerts.vibrations.push(pattern) > 0, configurable: true });
        const start = OscillatorNode.prototype.start;
        OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
          alerts.tones += 1;
          return start.apply(this, args);
        };
      });
    const signedIn = await web.driverPage(stack, { firstName: 'Ines', viewport: PHONE, isMobile: true, hasTouch: true, timeout: 15_000, prepare: recordAlerts });
    const { driver, errors } = signedIn;
    page = signedIn.page;
    await page.getByTestId('live-note').filter({ hasText: 'Live' }).waitFor();
    const pageTitle = await page.title();

    // The first offer: pinned on screen at once, with the countdown and the answer buttons.
    const [later, soon, withdrawn] = await Promise.all([book(stack, {}, 5, '10:30'), book(stack, { firstName: 'Quinn' }, 3, '10:30'), book(stack, {}, 4, '10:30')]);
    await assign(stack, later.id, driver.id).expect(200);
    const first = page.getByTestId(`offer-${later.reference}`);
    await first.waitFor();
    expect(await onScreen(`[data-testid="offer-${later.reference}"]`)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(first.getByRole('timer').textContent()).resolves.toMatch(/^0:[0-4]\d$/);
    await first.getByRole('button', { name: `Accept ${later.reference}` }).waitFor();
    await page.waitForFunction((reference) => document.title === `New ride offer: ${reference}`, later.reference);
    expect(await alerts()).toMatchObject({ vibrations: [[300, 150, 300]] });
    expect((await alerts()).tones).toBeGreaterThanOrEqual(2);

    // A second offer while the first waits: announced again; both pinned, even scrolled to the bottom.
    await assign(stack, soon.id, driver.id).expect(200);
    await page.getByTestId(`offer-${soon.reference}`).waitFor();
    await page.waitForFunction(() => document.title === '(2) New ride offers');
    expect((await alerts()).vibrations).toHaveLength(2);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await onScreen(`[data-testid="offer-${soon.reference}"] .ride-actions`)).toBe(true);
    await photograph('offers');

    // On the earnings page too; accepted from the bar, the offer leaves it and the title settles.
    await page.getByRole('link', { name: 'Revenue', exact: true }).click();
    await page.waitForURL('**/driver/revenue');
    const offer = page.getByTestId(`offer-${soon.reference}`);
    expect(await onScreen(`[data-testid="offer-${soon.reference}"]`)).toBe(true);
    await offer.getByRole('button', { name: `Accept ${soon.reference}` }).click();
    await page.getByTestId('toast').getByText('Ride Accepted').waitFor();
    await offer.waitFor({ state: 'detached' });
    await page.waitForFunction((reference) => document.title === `New ride offer: ${reference}`, later.reference);

    // The accepted ride is days away: its card says when it can be started, not Start: En Route.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const card = page.getByTestId(`ride-${soon.reference}`);
    await card.getByTestId('ride-badge').filter({ hasText: 'Confirmed' }).waitFor();
    await expect(card.getByTestId('ride-starts').textContent()).resolves.toMatch(/^Starts at 7:30 AM on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d+: you can report En Route from then\.$/);
    expect(await card.getByRole('button', { name: 'Start: En Route' }).count()).toBe(0);

    // Withdrawn by dispatch: said in the bar, live.
    await assign(stack, withdrawn.id, driver.id).expect(200);
    await page.getByTestId(`offer-${withdrawn.reference}`).waitFor();
    await request(stack.baseUrl).post(`/api/admin/bookings/${withdrawn.id}/withdraw`).set('Authorization', adminAuth(stack)).expect(200);
    await page.getByTestId(`offer-ended-${withdrawn.reference}`).getByText(`The offer for ${withdrawn.reference} was withdrawn`).waitFor();

    // Unanswered: once its deadline passes it says it expired, and keeps saying so after the server expired it.
    const expired = page.getByTestId(`offer-ended-${later.reference}`);
    await expired.getByText(`The offer for ${later.reference} expired`).waitFor({ timeout: (DEADLINE_S + 5) * 1000 });
    await expired.getByRole('button', { name: `Dismiss: The offer for ${later.reference} expired` }).waitFor({ timeout: 40_000 });
    expect(await page.getByTestId(`offer-${later.reference}`).count()).toBe(0);
    await page.waitForFunction((title) => document.title === title, pageTitle);
    await photograph('ended');

    // Dismissed, the notice stays gone after a reload; the other one is still there.
    await expired.getByRole('button', { name: /^Dismiss/ }).click();
    await expired.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId(`offer-ended-${withdrawn.reference}`).waitFor();
    expect(await barText()).not.toContain(later.reference);
    expect(errors).toEqual([]);
  }, 180_000);
});
