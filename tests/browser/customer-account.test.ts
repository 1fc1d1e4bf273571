import { addDays, businessToday } from '@limo/contracts';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import request from 'supertest';
import type { Booking, CreditLedger } from '@limo/contracts';
import { adminAuth } from '../support/admin-auth.js';
import { completedAirportRides, signInCodeFrom, signInMails } from '../support/customer-account.js';
import { book } from '../support/drivers.js';
import { withStack } from '../support/fixtures.js';
import { trackRequests } from '../support/network-quiet.js';
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
    // A visitor's pages do not ask GET /api/account (its 401 would be a failed request in the console); the account page does.
    let accountAsks = 0;
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/account') accountAsks += 1;
    });
    const requests = trackRequests(page);
    await page.goto(`${stack.baseUrl}/booking`);
    await page.getByRole('combobox', { name: 'Pickup Location' }).waitFor();
    await page.goto(`${stack.baseUrl}/`);
    await requests.settled();
    expect(accountAsks).toBe(0);
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
    // The booking's Change and Manage links are whole words, not broken across lines ("Chan-ge").
    const linkLines = await upcoming
      .locator('.account-booking-links a')
      .evaluateAll((links) =>
        links.map((link) => {
          const text = document.createRange();
          text.selectNodeContents(link);
          return [link.textContent, new Set([...text.getClientRects()].map((rect) => Math.round(rect.top))).size];
        }),
      );
    expect(linkLines).toEqual([
      ['Change', 1],
      ['Manage', 1],
    ]);
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
    const asked = accountAsks;
    expect(asked).toBeGreaterThan(0);
    await page.goto(`${stack.baseUrl}/booking`);
    await page.getByRole('combobox', { name: 'Pickup Location' }).waitFor();
    await requests.settled();
    expect(accountAsks).toBe(asked);
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

  /** Signs in on the page with the newest code emailed to this address. */
  async function signInOnPage(email: string): Promise<void> {
    const { page } = web;
    const before = signInMails(inbox, email);
    await page.goto(`${stack.baseUrl}/account`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email Me a Code' }).click();
    await page.getByLabel('Code').fill(await signInCodeFrom(inbox, email, before));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
  }

  const wizard = () => web.page.locator('.booking-wizard');
  const atStep = (n: number) => wizard().locator('.wizard-step-count').getByText(`Step ${n} of 5`, { exact: true }).waitFor();
  const next = () => wizard().getByRole('button', { name: 'Next', exact: true }).click();

  /** Through the wizard's five steps from /booking as it stands: a one-way ride, then the contact step (the email as the page has it). */
  async function bookInWizard(from: string, to: string, days: number, contact: { first: string; last: string; email?: string }): Promise<string> {
    await wizard().getByLabel('Pickup Date').fill(addDays(businessToday(), days));
    await wizard().getByLabel('Pickup Time').selectOption('10:00');
    await wizard().getByRole('combobox', { name: /Pickup Location/ }).fill(from);
    await wizard().getByRole('combobox', { name: /Drop-off Location/ }).fill(to);
    await next();
    await atStep(2);
    await wizard().getByLabel('First Name').fill(contact.first);
    await wizard().getByLabel('Last Name').fill(contact.last);
    if (contact.email) await wizard().getByLabel('Email').fill(contact.email);
    await wizard().getByLabel('Phone').fill('(310) 555-0142');
    await next();
    await atStep(3);
    await wizard().locator('.trip-quote:not(.updating)').first().waitFor();
    return (await wizard().locator('.price-table').first().innerText()).replace(/\s+/g, ' ');
  }

  async function reserve(): Promise<Booking> {
    await next();
    await atStep(4);
    await wizard().getByRole('button', { name: 'Proceed to Reserve' }).click();
    const reference = (await wizard().getByTestId('booking-reference').textContent())!.trim();
    const found = await request(stack.baseUrl).get('/api/bookings').query({ q: reference }).set('Authorization', adminAuth(stack)).expect(200);
    return (found.body as Booking[]).find((b) => b.reference === reference)!;
  }

  it('quotes the sixth airport ride of a customer with five completed ones with its fare free, signed in, and books it so', async () => {
    const email = `sixth-${Date.now()}@example.com`;
    await completedAirportRides(stack, email, 5, 30);
    const { page, errors } = web;
    page.setDefaultTimeout(10_000);
    await signInOnPage(email);
    // The customers service counts the rides from the booking events: the reward may come after the page.
    await eventually(
      async () => ((await page.evaluate(() => fetch('/api/account/loyalty').then((r) => r.json()))) as { rewards: { status: string }[] }).rewards.some((r) => r.status === 'available') || undefined,
      20_000,
      'the free ride earned',
    );
    await page.goto(`${stack.baseUrl}/booking`);
    const lines = await bookInWizard('LAX', 'Santa Monica Pier', 8, { first: 'Sam', last: 'Sixth' });
    // The ride's own price (fare, surcharge, less the Advance Booking offer a week ahead) is the free ride's.
    expect(lines).toMatch(/^Price Transfer fare: LAX to Santa Monica \$60\.00 Airport surcharge \$10\.00 Offer: Advance Booking \(15% off the fare\) −\$9\.00 Next One's on Us: free ride −\$61\.00 Total \$0\.00$/);
    await expect(wizard().locator('.price-includes').first().innerText()).resolves.toMatch(/^The ride's price before your free ride and credit includes the service fee \(\$\d+\.\d{2}\)/);
    await screenshot(page, 'customer-free-ride-quote-390');
    const booking = await reserve();
    expect(booking).toMatchObject({ email, totalAmount: '0.00', price: { freeRide: '61.00', total: '0.00' } });
    // The chauffeur's shares are those of the $61.00 ride.
    expect(Number(booking.price.base) + Number(booking.price.serviceFee) + Number(booking.price.gratuity)).toBeCloseTo(61, 2);
    await eventually(
      async () => ((await page.evaluate(() => fetch('/api/account/loyalty').then((r) => r.json()))) as { rewards: { status: string }[] }).rewards[0]?.status === 'used' || undefined,
      10_000,
      'the free ride used by the booking',
    );
    expect(errors).toEqual([]);
  }, 90_000);

  it("gives a friend who books through a customer's referral link, and the customer, $10 credit each when the friend's first ride is completed", async () => {
    const referrer = `referrer-${Date.now()}@example.com`;
    const friend = `friend-${Date.now()}@example.com`;
    const { page, errors } = web;
    page.setDefaultTimeout(10_000);
    await signInOnPage(referrer);
    const section = page.getByRole('region', { name: 'Refer & Fly' });
    const link = await section.getByTestId('referral-link').inputValue();
    expect(link).toMatch(new RegExp(`^${stack.baseUrl}/r/[A-Z2-9]{8}$`));
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Email Me a Code' }).waitFor();

    // The friend follows the link, books as a guest; the code goes with the booking.
    await page.goto(link);
    await page.waitForURL(`${stack.baseUrl}/booking`);
    await page.getByText('Referred by a friend').first().waitFor();
    await bookInWizard('Santa Monica Pier', 'The Beverly Hills Hotel', 9, { first: 'Fran', last: 'Friend', email: friend });
    const booking = await reserve();
    expect(booking.referralCode).toBe(link.split('/r/')[1]);
    await request(stack.baseUrl).patch(`/api/bookings/${booking.id}`).set('Authorization', adminAuth(stack)).send({ status: 'completed' }).expect(200);

    const friendLedger = async () => (await request(stack.baseUrl).get('/api/admin/customers/ledger').query({ email: friend }).set('Authorization', adminAuth(stack)).expect(200)).body as CreditLedger;
    await eventually(async () => ((await friendLedger()).available === '10.00' ? true : undefined), 20_000, "the friend's $10.00");
    await signInOnPage(referrer);
    await eventually(
      async () => {
        await page.reload();
        return (await section.getByTestId('refer-credit').innerText()).includes('$10.00 available') || undefined;
      },
      20_000,
      "the referrer's $10.00 on the account",
    );
    await section.getByText('1 successful referral: Starter.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'customer-refer-and-fly-390');
    expect(errors).toEqual([]);
  }, 90_000);
});
