import type { Page } from 'playwright-core';
import { formatBusinessInstant, type CustomerBookingView } from '@limo/contracts';
import { COMPANY } from '@limo/contracts/common/company';
import { signLink } from '@limo/contracts/common/signed-link';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { book } from '../support/drivers.js';
import { withStack } from '../support/fixtures.js';
import { withBrowser } from '../support/page-fixtures.js';

/** A customer finds, reads and cancels their booking on /booking/manage. */
describe('the manage-booking page in Chromium', () => {
  // A 100-hour cutoff: a ride 3 days away can no longer be cancelled online, one 6 days away can.
  const stack = withStack({ services: ['fleet', 'booking'], env: { CANCEL_CUTOFF_HOURS: '100' } });
  const web = withBrowser();

  async function open(width: number, path = '/booking/manage'): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await web.open({ viewport: { width, height: 900 } });
    await page.goto(`${stack.baseUrl}${path}`);
    return { page, errors };
  }

  async function findBooking(page: Page, reference: string, contact: string) {
    await page.getByLabel('Booking reference').fill(reference);
    await page.getByLabel('Email or phone').fill(contact);
    await page.getByRole('button', { name: 'Find My Booking' }).click();
  }

  it('finds a booking by reference and email, shows its status, quote and LA time, and cancels it', async () => {
    const booking = await book(stack, { meetGreet: true }, 6, '14:30');
    // Reached as a customer would: the footer's quick links on every public page.
    const { page, errors } = await open(1440, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Manage a Booking' }).click();
    await page.waitForURL(`${stack.baseUrl}/booking/manage`);
    await page.getByRole('button', { name: 'Find My Booking' }).click();
    await page.getByText('Reference is required').waitFor();

    await findBooking(page, booking.reference.toLowerCase(), 'wrong@example.com');
    await page.getByRole('alert').getByText('No booking matches these details').waitFor();

    await findBooking(page, booking.reference, booking.email);
    await page.getByRole('heading', { name: 'Your Booking' }).waitFor();
    const view = (await (await fetch(`${stack.baseUrl}/api/bookings/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reference: booking.reference, contact: booking.email }) })).json()) as CustomerBookingView;
    const summary = page.locator('.booking-summary');
    await expect(summary.textContent()).resolves.toContain(formatBusinessInstant(new Date(view.pickupAt)));
    await expect(summary.locator('.badge').textContent()).resolves.toBe('Pending');
    await expect(summary.getByRole('row', { name: /Meet & Greet/ }).textContent()).resolves.toContain('$25.00');
    await expect(summary.getByRole('row', { name: /Total/ }).textContent()).resolves.toContain(`$${booking.price.total}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-booking-1440');

    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    await page.getByRole('button', { name: 'Yes, Cancel Booking' }).click();
    await page.getByText('This booking is cancelled.').waitFor();
    await expect(summary.locator('.badge').textContent()).resolves.toBe('Cancelled');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('inside the cutoff shows the number to call instead of a cancel button (390 px, from the email link)', async () => {
    const booking = await book(stack, {}, 3, '09:00');
    const token = signLink({ purpose: 'manage', bookingId: booking.id, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, stack.env.vars.LINK_SIGNING_SECRET);
    const { page, errors } = await open(390, `/booking/manage?t=${token}`);
    await page.getByRole('heading', { name: 'Your Booking' }).waitFor();
    await page.getByText(`Online cancellation closes 100 hours before pickup`).waitFor();
    await expect(page.getByRole('link', { name: COMPANY.phone.display }).first().getAttribute('href')).resolves.toBe(`tel:${COMPANY.phone.e164}`);
    expect(await page.getByRole('button', { name: 'Cancel Booking' }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-booking-390');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
