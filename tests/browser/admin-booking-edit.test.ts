import { addDays, Booking, businessToday } from '@limo/contracts';
import { adminAuth, signInAsAdmin } from '../support/admin-auth.js';
import { screenshot } from '../support/browser.js';
import { eventually } from '../support/stack.js';
import { withStack } from '../support/fixtures.js';
import { DESKTOP, withBrowser } from '../support/page-fixtures.js';
import { trackRequests } from '../support/network-quiet.js';

/**
 * The admin changes a booking's ride in the booking dialog: the server re-prices it, the dialog
 * shows the new price and the timeline keeps the old quote; a save against a booking someone
 * else changed meanwhile is refused and offers to reload.
 */
describe('admin booking dialog: editing the ride in Chromium', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers', 'reporting'] });
  const { page, errors } = withBrowser({ page: { viewport: DESKTOP, timeout: 10_000 } });

  const logIn = () => signInAsAdmin(page, stack);

  /** Santa Monica to Pasadena, 3 days ahead at 10:30, 2 passengers in the sedan: the distance fare, $139.50, no offer. */
  async function createBooking(firstName: string): Promise<Booking> {
    const res = await fetch(`${stack.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        tripType: 'one-way',
        pickupDate: addDays(businessToday(), 3),
        pickupTime: '10:30',
        pickupLocation: 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401',
        dropoffLocation: 'Pasadena',
        duration: 1,
        vehicleId: 1,
        passengers: 2,
        firstName,
        lastName: 'Editor',
        email: `${firstName.toLowerCase()}.${Date.now()}@example.com`,
        phone: '3105551234',
        paymentMethod: 'phone-card',
      }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Booking;
  }

  async function openEdit(booking: Booking) {
    await page.goto(`${stack.baseUrl}/admin/bookings`);
    const card = page.getByTestId(`booking-${booking.id}`);
    await card.waitFor();
    await card.getByRole('button', { name: `Edit booking #${booking.id}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Pickup time').waitFor();
    return { card, dialog };
  }

  it('lists passengers and the vehicle, and re-prices a change of vehicle and time with the old quote in the timeline', async () => {
    const booking = await createBooking('Vera');
    await logIn();
    const { card, dialog } = await openEdit(booking);
    await expect(card.textContent()).resolves.toContain('Passengers2');
    await expect(card.textContent()).resolves.toContain('VehicleExecutive Sedan');
    await expect(dialog.getByTestId('booking-price').locator('.price-total').textContent()).resolves.toBe('Total$139.50');
    await expect(dialog.getByTestId('booking-price').textContent()).resolves.toMatch(/^Transfer fare: [\d.]+ road miles \(estimated\)\$139\.50Service fee \(5%\), included\$[\d.]+Gratuity \(15%\), included/);
    await dialog.getByLabel('Vehicle', { exact: true }).selectOption('2');
    await dialog.getByLabel('Pickup time').selectOption('21:00');
    const quiet = trackRequests(page);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByTestId('toast').getByText('Booking Updated').waitFor();
    await quiet.settled();
    // Shown over the open dialog, not under its backdrop, and it can be dismissed there.
    await page.getByTestId('toast').getByRole('button', { name: 'Dismiss notification' }).click({ timeout: 2000 });
    await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 1000 });

    // The SUV's fare (130% of the sedan's) less Late Flight Love's 10% at 21:00, as the server stored it.
    const stored = (await (await fetch(`${stack.baseUrl}/api/admin/bookings`, { headers: { Authorization: adminAuth(stack) } })).json()) as Booking[];
    const repriced = stored.find((b) => b.id === booking.id)!;
    expect(repriced).toMatchObject({ vehicleId: 2, pickupTime: '21:00', price: { offer: { code: 'late-flight-love' } } });
    expect(Number(repriced.totalAmount)).toBeGreaterThan(139.5);
    const price = dialog.getByTestId('booking-price');
    await expect(price.textContent()).resolves.toContain(`Offer: Late Flight Love (10% off the fare)−$${repriced.price.offer!.saving}`);
    await expect(price.locator('.price-total').textContent()).resolves.toBe(`Total$${repriced.totalAmount}`);
    const history = dialog.getByTestId('booking-timeline');
    await history.getByText(`Re-priced $139.50 → $${repriced.totalAmount}`, { exact: false }).waitFor();
    await expect(history.textContent()).resolves.toMatch(/Previous quote: Transfer fare: [\d.]+ road miles \(estimated\) \$139\.50, total \$139\.50/);
    await screenshot(page, 'admin-booking-repriced-1440');
    expect(errors).toEqual([]);
  });

  it('says the booking was changed by someone else and reloads it', async () => {
    const booking = await createBooking('Otto');
    await logIn();
    const { dialog } = await openEdit(booking);
    // Another admin changes it meanwhile.
    const other = await fetch(`${stack.baseUrl}/api/bookings/${booking.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: adminAuth(stack) },
      body: JSON.stringify({ version: booking.version, adminNotes: 'Changed by the other admin' }),
    });
    expect(other.status).toBe(200);
    await dialog.getByLabel('Admin notes').fill('Mine');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const stale = dialog.getByTestId('stale-booking');
    await stale.getByText('This booking was changed by someone else.').waitFor();
    await stale.getByRole('button', { name: 'Reload booking' }).click();
    await eventually(async () => (await dialog.getByLabel('Admin notes').inputValue()) === 'Changed by the other admin', 5000, 'the reloaded notes');
    await expect(dialog.getByTestId('stale-booking').count()).resolves.toBe(0);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  });

  it.each([390, 1440])('shows the edit dialog at %i px', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    const booking = await createBooking('Wanda');
    await logIn();
    const { dialog } = await openEdit(booking);
    await dialog.getByRole('heading', { name: 'Ride', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, `admin-booking-dialog-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
  it('finds bookings by search, status and the next 7 days on the All Bookings page', async () => {
    const booking = await createBooking('Xena');
    await logIn();
    await page.goto(`${stack.baseUrl}/admin/bookings`);
    await page.getByTestId(`booking-${booking.id}`).waitFor();
    const filters = page.getByRole('search', { name: 'Find bookings' });
    await filters.getByLabel('Search').fill(booking.reference);
    await filters.getByRole('button', { name: 'Search' }).click();
    // The count changes when the search's answer arrives.
    await page.getByTestId('bookings-count').filter({ hasText: /^1 booking found$/ }).waitFor();
    await filters.getByRole('button', { name: 'Next 7 days' }).click();
    await page.getByTestId(`booking-${booking.id}`).waitFor();
    await filters.getByLabel('Status').selectOption('completed');
    await page.getByText('No bookings found.').waitFor();
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByTestId(`booking-${booking.id}`).waitFor();
    await screenshot(page, 'admin-bookings-filters-1440');
    expect(errors).toEqual([]);
  });

  it.each([1440, 390])('reviews a completed ride’s final price: adjusts it with an extra and a reason, at %i px', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    const booking = await createBooking(width === 390 ? 'Yara' : 'Zoe');
    const completed = await fetch(`${stack.baseUrl}/api/bookings/${booking.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: adminAuth(stack) },
      body: JSON.stringify({ status: 'completed' }),
    });
    expect(completed.status).toBe(200);
    await logIn();
    await page.goto(`${stack.baseUrl}/admin/bookings`);
    const card = page.getByTestId(`booking-${booking.id}`);
    await card.getByText('Final price to review').waitFor();
    await card.getByRole('button', { name: `View booking #${booking.id}` }).click();
    const panel = page.getByRole('dialog').getByTestId('settlement');
    await expect(panel.getByTestId('final-amount').innerText()).resolves.toBe(`$${booking.totalAmount}`);
    await panel.getByRole('button', { name: 'Adjust' }).click();
    await panel.getByRole('button', { name: 'Add extra' }).click();
    await panel.getByLabel('Extra 1', { exact: true }).selectOption('parking');
    await panel.getByLabel('Amount ($)').fill('10');
    await panel.getByLabel('Note').fill('Hotel valet');
    await panel.getByLabel(/^Reason for the adjustment/).fill('Valet paid by the driver');
    const final = (Number(booking.totalAmount) + 10).toFixed(2);
    await panel.getByText(`New final amount: $${final}`).waitFor();
    await screenshot(page, `admin-settlement-adjust-${width}`);
    await panel.getByRole('button', { name: 'Save and Send Receipt' }).click();
    await page.getByTestId('toast').getByText('Final Price Adjusted').waitFor();
    await expect(panel.getByTestId('final-amount').innerText()).resolves.toBe(`$${final}`);
    await panel.getByText('Approved').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
