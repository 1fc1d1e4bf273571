import type { Page } from 'playwright-core';
import { formatBusinessInstant, type Booking, type CustomerBookingView } from '@limo/contracts';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { bookRoundTrip } from '../support/round-trips.js';
import { withStack } from '../support/fixtures.js';
import { withBrowser } from '../support/page-fixtures.js';

/**
 * A round trip's legs in the browser (decisions.md, "Round trips"): the customer's manage page
 * shows both legs and asks, on cancelling one, whether the other goes too; the admin's booking
 * dialog names the trip and opens the other leg.
 */
describe('a round trip on the manage page and in the admin dialog, in Chromium', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers', 'reporting'] });
  const web = withBrowser();

  async function open(width: number, path: string): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await web.open({ viewport: { width, height: 900 }, timeout: 10_000 });
    await page.goto(`${stack.baseUrl}${path}`);
    return { page, errors };
  }

  const lookup = async (leg: Booking) =>
    (await (await fetch(`${stack.baseUrl}/api/bookings/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reference: leg.reference, contact: leg.email }) })).json()) as CustomerBookingView;

  async function findBooking(page: Page, leg: Booking) {
    await page.getByLabel('Booking reference').fill(leg.reference);
    await page.getByLabel('Email or phone').fill(leg.email);
    await page.getByRole('button', { name: 'Find My Booking' }).click();
    await page.getByRole('heading', { name: 'Your Booking' }).waitFor();
  }

  it('shows the outbound with its return (reference, time, route, total, status) and cancels both when asked', async () => {
    const trip = await bookRoundTrip(stack);
    const { page, errors } = await open(1440, '/booking/manage');
    await findBooking(page, trip.booking);
    const legs = page.getByTestId('trip-legs');
    await expect(legs.textContent()).resolves.toContain(`Round trip ${trip.tripReference}: this is the outbound ride.`);
    const text = await legs.textContent();
    for (const part of [`The return ride ${trip.returnBooking.reference}`, formatBusinessInstant(new Date((await lookup(trip.returnBooking)).pickupAt)), trip.returnBooking.pickupLocation, trip.returnBooking.dropoffLocation!, `$${trip.returnBooking.totalAmount}`, 'Pending']) {
      expect(text).toContain(part);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-round-trip-1440');

    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    await page.getByText('Cancel the return too?').waitFor();
    await screenshot(page, 'manage-round-trip-ask-1440');
    await page.getByRole('button', { name: 'Cancel Both Rides' }).click();
    await page.getByText('This booking is cancelled.').waitFor();
    await expect(legs.locator('.badge').textContent()).resolves.toBe('Cancelled');
    expect((await lookup(trip.returnBooking)).status).toBe('cancelled');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('cancels the outbound alone and shows the return re-priced without the discount (390 px)', async () => {
    const trip = await bookRoundTrip(stack);
    const { page, errors } = await open(390, '/booking/manage');
    await findBooking(page, trip.booking);
    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    await page.getByText('If the return is kept, it is re-priced as a one-way ride, without the round-trip discount.').waitFor();
    await page.getByRole('button', { name: 'Cancel the Outbound Only' }).click();
    await page.getByText('This booking is cancelled.').waitFor();
    const back = await lookup(trip.returnBooking);
    expect(back.status).toBe('pending');
    expect(back.price.total).not.toBe(trip.returnBooking.totalAmount);
    const legs = page.getByTestId('trip-legs');
    await expect(legs.textContent()).resolves.toContain(`$${back.price.total}`);
    await expect(legs.locator('.badge').textContent()).resolves.toBe('Pending');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-round-trip-390');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows the admin the trip on each leg's dialog, the other leg's reference opening it", async () => {
    const trip = await bookRoundTrip(stack);
    const { page, errors } = await web.adminPage(stack, { viewport: { width: 1440, height: 900 }, timeout: 10_000 });
    await page.goto(`${stack.baseUrl}/admin/bookings`);
    const card = page.getByTestId(`booking-${trip.booking.id}`);
    await card.getByRole('button', { name: `View booking #${trip.booking.id}` }).click();
    const dialog = page.getByRole('dialog');
    const link = dialog.getByTestId('trip-link');
    await link.getByRole('button', { name: trip.returnBooking.reference }).waitFor();
    await expect(link.textContent()).resolves.toContain(`Round trip ${trip.tripReference} — outbound leg, other leg ${trip.returnBooking.reference}`);
    await screenshot(page, 'admin-round-trip-1440');

    await link.getByRole('button', { name: trip.returnBooking.reference }).click();
    await dialog.getByRole('heading', { name: `Booking #${trip.returnBooking.id}` }).waitFor();
    await link.getByRole('button', { name: trip.booking.reference }).waitFor();
    await expect(link.textContent()).resolves.toContain(`Round trip ${trip.tripReference} — return leg, other leg ${trip.booking.reference}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
