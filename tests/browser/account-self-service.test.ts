import request from 'supertest';
import { seriousAxeViolations } from '../support/axe.js';
import { adminAuth } from '../support/admin-auth.js';
import { screenshot } from '../support/browser.js';
import { completedAirportRides, signInCodeFrom } from '../support/customer-account.js';
import { book } from '../support/drivers.js';
import { withStack } from '../support/fixtures.js';
import { eventually } from '../support/stack.js';
import { withBrowser } from '../support/page-fixtures.js';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

/** Issue 36 on the account: change a booking's time (the new price first), read a receipt, book a past ride again, save the contact details. */
describe("the account's own bookings in Chromium", () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  const stack = withStack(() => ({ services: ['fleet', 'booking', 'drivers', 'reporting', 'notifications', 'customers'], env: { SMTP_URL: inbox.url } }));
  afterAll(() => inbox?.close());
  const web = withBrowser({ page: { viewport: { width: 390, height: 844 } } });

  const signIn = async (email: string) => {
    const { page } = web;
    await page.goto(`${stack.baseUrl}/account`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email Me a Code' }).click();
    await page.getByLabel('Code').fill(await signInCodeFrom(inbox, email));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
  };
  const noOverflow = async () =>
    expect(await web.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  it("changes an upcoming ride's time and drop-off on a phone, showing the new price before confirming it", async () => {
    const email = `changer-${Date.now()}@example.com`;
    const booking = await book(stack, { email }, 4, '10:30');
    const { page, errors } = web;
    page.setDefaultTimeout(10_000);
    await signIn(email);
    await page.getByRole('link', { name: `Change or cancel booking ${booking.reference}` }).click();
    await page.getByRole('heading', { name: 'Change this booking' }).waitFor();

    await expect(page.getByLabel('Vehicle').inputValue()).resolves.toBe('1');
    await page.getByLabel(/^Pickup time/).selectOption('16:00');
    await page.getByLabel(/^Drop-off location/).fill('LAX - Los Angeles International Airport');
    await page.getByRole('button', { name: 'See the New Price' }).click();
    const heading = page.getByRole('heading', { name: /^New price: / });
    await heading.waitFor();
    const newTotal = /New price: (\$[\d,.]+) \(was (\$[\d,.]+)\)/.exec((await heading.textContent()) ?? '');
    expect(newTotal).not.toBeNull();
    expect(newTotal![1]).not.toBe(newTotal![2]);
    await noOverflow();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account-change-390');

    await page.getByRole('button', { name: `Confirm Change at ${newTotal![1]}` }).click();
    await page.getByRole('status').getByText(`Your booking is changed. The new total is ${newTotal![1]}.`).waitFor();
    await page.getByText('4:00 PM').first().waitFor();

    // Back on the account, the booking shows its new price.
    await page.getByRole('link', { name: '← Your Account' }).click();
    const card = page.locator(`[data-reference="${booking.reference}"]`);
    await eventually(async () => ((await card.getByTestId('account-booking-total').textContent()) === newTotal![1]) || undefined, 10_000, 'the new total on the account');
    expect(errors).toEqual([]);
  });

  it('shows a settled ride its receipt, books it again with the same ride and no date, and saves the contact details, on a desktop', async () => {
    const email = `again-${Date.now()}@example.com`;
    const [ride] = await completedAirportRides(stack, email, 1, 3);
    const admin = adminAuth(stack);
    await request(stack.baseUrl)
      .post(`/api/admin/bookings/${ride.id}/settlement`)
      .set('Authorization', admin)
      .send({ decision: 'adjust', wait: '0.00', extras: [{ kind: 'parking', amount: '12.50', note: 'Airport garage' }], reason: 'Parking receipt', version: ride.version })
      .expect(200);
    const { page, errors } = web;
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(email);

    // The contact details, kept for the wizard.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^First and last name/).fill('Ann');
    await page.getByLabel(/^Phone/).fill('(310) 555-0100');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await page.getByText('Enter your first and last name').first().waitFor();
    await page.getByLabel(/^First and last name/).fill('Ann Lee');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await page.getByText('Ann Lee').waitFor();
    await screenshot(page, 'account-1440');

    await page.getByRole('link', { name: `Receipt for booking ${ride.reference}` }).click();
    await page.getByRole('heading', { name: 'Receipt' }).waitFor();
    await page.getByTestId('receipt-final').getByText('Parking (Airport garage)').waitFor();
    const final = await page.getByTestId('receipt-final-amount').textContent();
    expect(final).toMatch(/^\$[\d,]+\.\d{2}$/);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account-receipt-1440');
    // A booking not on the account: nothing to print, so no Print.
    await page.goto(`${stack.baseUrl}/account/receipt?id=2147483647`);
    await page.getByRole('alert').getByText('This booking could not be found on your account.').waitFor();
    await expect(page.getByRole('button', { name: 'Print' }).count()).resolves.toBe(0);
    await page.goto(`${stack.baseUrl}/account`);

    await page.getByRole('button', { name: `Book Again: ${ride.reference}` }).click();
    await page.waitForURL(`${stack.baseUrl}/booking`);
    await eventually(async () => (await page.getByLabel(/^Pickup Location/).first().inputValue()).startsWith('LAX') || undefined, 10_000, 'the pickup filled in');
    await expect(page.getByLabel(/^Drop-off Location/).first().inputValue()).resolves.toBe('Downtown Los Angeles');
    await screenshot(page, 'account-book-again-1440');
    expect(errors).toEqual([]);
  });
});
