import { addDays, businessToday } from '@limo/contracts';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { completedAirportRides, signInCodeFrom } from '../support/customer-account.js';
import { book } from '../support/drivers.js';
import { withStack } from '../support/fixtures.js';
import { eventually } from '../support/stack.js';
import { withBrowser } from '../support/page-fixtures.js';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

/** A customer signs in at /account with the code from their email and finds their bookings and punch card (issue 36). */
describe('the customer account page in Chromium', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  const stack = withStack(() => ({ services: ['fleet', 'booking', 'drivers', 'reporting', 'notifications', 'customers'], env: { SMTP_URL: inbox.url } }));
  afterAll(() => inbox?.close());
  const web = withBrowser({ page: { viewport: { width: 390, height: 844 } } });

  it('signs in with the emailed code on a phone, shows the booking under Upcoming with its manage page a tap away, and fills the email in the wizard', async () => {
    const email = `account-${Date.now()}@example.com`;
    const booking = await book(stack, { email: email.replace('account', 'Account') }, 4, '15:00');
    const { page, errors } = web;
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL(`${stack.baseUrl}/account`);

    await page.getByRole('button', { name: 'Email Me a Code' }).click();
    await page.getByText('Valid email is required').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email Me a Code' }).click();
    await page.getByLabel('Code').waitFor();

    const code = await signInCodeFrom(inbox, email);
    await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('This code is not right or has expired').waitFor();

    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Your Account' }).waitFor();
    await page.getByText(email).waitFor();

    const upcoming = page.getByRole('region', { name: /Upcoming/ });
    await upcoming.getByText(booking.reference).waitFor();
    await expect(upcoming.locator('.badge').first().textContent()).resolves.toBe('Pending');
    await expect(page.getByRole('region', { name: /Cancelled/ }).getByText('No cancelled bookings.').count()).resolves.toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'customer-account-390');

    await upcoming.getByRole('link', { name: `Manage booking ${booking.reference}` }).click();
    await page.getByRole('heading', { name: 'Your Booking' }).waitFor();
    await page.getByText(booking.reference).first().waitFor();

    // Booking again while signed in: the wizard's contact step has the account's email.
    const ride = { tripType: 'one-way', pickupDate: addDays(businessToday(), 5), pickupTime: '14:30', pickupLocation: 'LAX', dropoffLocation: 'Downtown Los Angeles', passengers: 1 };
    await page.evaluate((saved) => sessionStorage.setItem('bookingPrefill', JSON.stringify(saved)), ride);
    await page.goto(`${stack.baseUrl}/booking?prefill=true`);
    await eventually(async () => (await page.getByLabel(/^Email/).inputValue()) === email || undefined, 10_000, 'the email filled in');
    await expect(page.getByLabel(/^First Name/).inputValue()).resolves.toBe('');

    // Back on the account, still signed in; signing out shows the sign-in form again.
    await page.goto(`${stack.baseUrl}/account`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Email Me a Code' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Email Me a Code' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("shows a customer with five completed airport rides a full punch card and one free ride, on a phone", async () => {
    const email = `flyer-${Date.now()}@example.com`;
    await completedAirportRides(stack, email, 5, 20);
    const { page, errors } = web;
    // A missing element fails its step, within the test's time.
    page.setDefaultTimeout(8000);
    await page.goto(`${stack.baseUrl}/account`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email Me a Code' }).click();
    await page.getByLabel('Code').fill(await signInCodeFrom(inbox, email));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();

    // Any character for the apostrophe: Playwright's role selector mangles a quote in the name.
    const card = page.getByRole('region', { name: /^Next One.s on Us$/ });
    // The customers service counts the rides from the booking events: the page may come first.
    await eventually(async () => {
      await page.reload();
      await card.waitFor();
      return (await card.getByText('5 completed airport rides').count()) === 1 || undefined;
    }, 20_000, 'five rides counted on the card');
    const stamps = card.getByRole('list', { name: 'Punch card: 5 of 5 stamps' });
    await expect(stamps.getByRole('listitem').count()).resolves.toBe(5);
    await stamps.getByText('Ride 5: done').waitFor({ state: 'attached' });
    await card.getByText('Card full: your next airport ride is on us.').waitFor();
    const rewards = card.getByRole('list', { name: 'Your free rides' }).getByRole('listitem');
    await expect(rewards.count()).resolves.toBe(1);
    await expect(rewards.first().textContent()).resolves.toMatch(/^Available Free airport ride, use by \w{3} \d{1,2}, \d{4}$/);
    await expect(card.getByText('VIP', { exact: true }).count()).resolves.toBe(0);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'customer-punch-card-390');
    expect(errors).toEqual([]);

    // The admin's Customers page shows the same count and the free ride.
    const admin = await web.adminPage(stack, { viewport: { width: 1280, height: 800 } });
    await admin.page.getByRole('navigation').getByRole('link', { name: 'Customers' }).click();
    await admin.page.getByLabel('Search').fill(email);
    await admin.page.getByRole('button', { name: 'Search' }).click();
    const row = admin.page.getByTestId('customers-table').locator('tbody tr').filter({ hasText: email });
    await row.waitFor();
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
      'Not given',
      '5',
      expect.stringMatching(/^1 \(first expires \w{3} \d{1,2}, \d{4}\)$/),
      'No',
      expect.any(String),
      // The customer's Refer & Fly credit, in a dialog.
      'Credit',
    ]);
    expect(await seriousAxeViolations(admin.page)).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 60_000);
});
