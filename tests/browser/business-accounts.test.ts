import pg from 'pg';
import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { businessToday, type Booking, type PriceQuote } from '@limo/contracts';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { adminAuth } from '../support/admin-auth.js';
import { signedInCustomer, signInCodeFrom, signInMails } from '../support/customer-account.js';
import { withStack } from '../support/fixtures.js';
import { eventually } from '../support/stack.js';
import { withBrowser } from '../support/page-fixtures.js';
import { attachmentsOf, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

/** YYYY-MM `n` months from this one (Los Angeles). */
function monthFromNow(n: number): string {
  const [year, month] = businessToday().split('-').map(Number);
  const index = year * 12 + (month - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Bundles for Business end to end (issue 37): the admin makes a company on Starter (10 transfers)
 * with a booker; the booker books ten rides on the month's transfers and an eleventh, priced and
 * billed to the company, the last two through the wizard; once the month is over (the rides and the
 * plan moved two months back, as if it had passed) its statement lists the ten transfers and the
 * priced ride, PDF and CSV, to the cent, and is emailed to the billing contact with both files.
 */
describe('business accounts in Chromium', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  const stack = withStack(() => ({ services: ['fleet', 'booking', 'drivers', 'reporting', 'notifications', 'customers'], env: { SMTP_URL: inbox.url } }));
  afterAll(() => inbox?.close());
  const web = withBrowser({ page: { viewport: { width: 390, height: 844 } } });

  const month = monthFromNow(1);
  const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
  const ride = (n: number) => ({
    tripType: 'one-way',
    pickupDate: day(5 + n),
    pickupTime: '09:00',
    pickupLocation: 'LAX',
    dropoffLocation: 'Santa Monica Pier',
    passengers: 1,
    vehicleId: 1,
  });

  it('makes a company on Starter, books ten transfers and an eleventh priced, and states them 10 + 1', async () => {
    const booker = `booker-${Date.now()}@example.com`;
    const companyName = `Acme Travel ${Date.now() % 100_000}`;

    // The admin makes the company and its booker, on a desktop.
    const admin = await web.adminPage(stack, { viewport: { width: 1440, height: 900 } });
    admin.page.setDefaultTimeout(10_000);
    await admin.page.getByRole('navigation').getByRole('link', { name: 'Companies' }).click();
    await admin.page.getByRole('heading', { name: 'Companies', level: 1 }).waitFor();
    await admin.page.getByRole('button', { name: 'Create Company' }).click();
    const form = admin.page.getByRole('form', { name: 'Create Company' });
    await form.getByLabel('Company name').fill(companyName);
    await form.getByLabel('Billing contact').fill('Pat Payer');
    await form.getByLabel('Billing email').fill('billing@acme-travel.example');
    await form.getByRole('radio', { name: /Starter/ }).check();
    await form.getByLabel('Start month').selectOption(month);
    await form.getByRole('button', { name: 'Create Company' }).click();
    const view = admin.page.getByTestId('company-view');
    await view.waitFor();
    await view.getByLabel('Email', { exact: true }).fill(booker);
    await view.getByRole('button', { name: 'Add Booker' }).click();
    await view.getByTestId('company-bookers').getByText(booker).waitFor();
    expect(await seriousAxeViolations(admin.page)).toEqual([]);
    await screenshot(admin.page, 'business-company-1440');

    const companies = await request(stack.baseUrl).get('/api/admin/companies').set('Authorization', adminAuth(stack)).expect(200);
    const company = (companies.body as { id: number; name: string }[]).find((c) => c.name === companyName)!;

    // Nine transfers booked through the API by the signed-in booker.
    const agent = await signedInCustomer(stack.baseUrl, inbox, booker);
    for (let n = 0; n < 9; n++) {
      const made = await agent
        .post('/api/bookings')
        .send({ ...ride(n), firstName: 'Pam', lastName: `Passenger ${n + 1}`, email: booker, phone: '(310) 555-0177', paymentMethod: 'phone-card', company: { companyId: company.id, transfer: true } })
        .expect(201);
      expect((made.body as Booking).totalAmount).toBe('0.00');
    }

    // The tenth and eleventh in the wizard, on a phone: the tenth on the plan, the eleventh priced.
    const { page, errors } = web;
    page.setDefaultTimeout(10_000);
    const before = signInMails(inbox, booker);
    await page.goto(`${stack.baseUrl}/account`);
    await page.getByLabel('Email').fill(booker);
    await page.getByRole('button', { name: 'Email Me a Code' }).click();
    await page.getByLabel('Code').fill(await signInCodeFrom(inbox, booker, before));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();

    const wizard = page.locator('.booking-wizard');
    const atStep = (n: number) => wizard.locator('.wizard-step-count').getByText(`Step ${n} of 5`, { exact: true }).waitFor();
    const next = () => wizard.getByRole('button', { name: 'Next', exact: true }).click();
    async function bookForCompany(n: number): Promise<{ lines: string; note: string; booking: Booking }> {
      await page.goto(`${stack.baseUrl}/booking`);
      await wizard.getByLabel('Pickup Date').fill(day(5 + n));
      await wizard.getByLabel('Pickup Time').selectOption('09:00');
      await wizard.getByRole('combobox', { name: /Pickup Location/ }).fill('LAX');
      await wizard.getByRole('combobox', { name: /Drop-off Location/ }).fill('Santa Monica Pier');
      await next();
      await atStep(2);
      await wizard.getByTestId('book-for').getByLabel(`Book for ${companyName}`).check();
      await wizard.getByLabel("Passenger's First Name").fill('Pam');
      await wizard.getByLabel("Passenger's Last Name").fill(`Passenger ${n + 1}`);
      await wizard.getByLabel("Passenger's Phone").fill('(310) 555-0177');
      await expect(wizard.getByLabel('Your Email').inputValue()).resolves.toBe(booker);
      await next();
      await atStep(3);
      await wizard.locator('.trip-quote:not(.updating)').first().waitFor();
      const lines = (await wizard.locator('.price-table').first().innerText()).replace(/\s+/g, ' ');
      const note = (await wizard.getByTestId('plan-note').first().innerText()).trim();
      await next();
      await atStep(4);
      await wizard.getByRole('button', { name: 'Proceed to Reserve' }).click();
      const reference = (await wizard.getByTestId('booking-reference').textContent())!.trim();
      const found = await request(stack.baseUrl).get('/api/bookings').query({ q: reference }).set('Authorization', adminAuth(stack)).expect(200);
      const booking = (found.body as Booking[]).find((b) => b.reference === reference)!;
      if (n === 9) await screenshot(page, 'business-tenth-transfer-390');
      // The wizard keeps its last booking on screen until asked for another.
      await page.getByRole('link', { name: 'Book Another Ride' }).click();
      await page.waitForURL(`${stack.baseUrl}/`);
      return { lines, note, booking };
    }

    const tenth = await bookForCompany(9);
    expect(tenth.note).toContain('(1 left before this ride)');
    expect(tenth.lines).toMatch(/Transfer on .*plan −\$\d+\.\d{2} Total \$0\.00$/);
    expect(tenth.booking).toMatchObject({ companyId: company.id, totalAmount: '0.00', firstName: 'Pam', lastName: 'Passenger 10' });

    const eleventh = await bookForCompany(10);
    const guest = (await request(stack.baseUrl).post('/api/quotes').send(ride(10)).expect(200)).body as { quote: PriceQuote };
    expect(eleventh.note).toMatch(/^No .* transfers left on .*: priced as usual and billed to /);
    expect(eleventh.booking).toMatchObject({ companyId: company.id, totalAmount: guest.quote.total, transferReservationId: null });
    expect(eleventh.booking.price.planTransfer).toBeUndefined();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);

    // The admin's month: 10 of 10 used, eleven rides.
    await admin.page.reload();
    await view.getByLabel('Month', { exact: true }).selectOption(month);
    await eventually(async () => ((await view.getByTestId('company-transfers').innerText()).startsWith('0 of 10 left (10 used') ? true : undefined), 15_000, 'ten transfers used');

    // The month passes: its rides, transfers and the plan moved three months back (past the week a
    // statement waits for rides still to be settled), its statement made.
    const past = monthFromNow(-2);
    const db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE booking.bookings SET pickup_date = pickup_date - interval '3 months' WHERE company_id = $1`, [company.id]);
      await db.query(`UPDATE customers.transfer_reservations SET month = $2 WHERE company_id = $1`, [company.id, past]);
      await db.query(`UPDATE customers.company_plan_periods SET from_month = $2 WHERE company_id = $1`, [company.id, monthFromNow(-3)]);
    } finally {
      await db.end();
    }
    await admin.page.reload();
    await view.getByLabel('Month', { exact: true }).selectOption(past);
    const [pdfDownload] = await Promise.all([admin.page.waitForEvent('download'), view.getByRole('button', { name: 'Statement (PDF)', exact: true }).click()]);
    const [csvDownload] = await Promise.all([admin.page.waitForEvent('download'), view.getByRole('button', { name: 'Statement (CSV)', exact: true }).click()]);
    const readAll = async (download: typeof pdfDownload) => {
      const chunks: Buffer[] = [];
      for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const pdf = await getDocumentProxy(new Uint8Array(await readAll(pdfDownload)));
    const text = (await extractText(pdf, { mergePages: true })).text;
    await pdf.destroy();
    const csv = (await readAll(csvDownload)).toString('utf8');

    // Every ride of the company in the database, with its amount, in both files.
    const stored = ((await request(stack.baseUrl).get('/api/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[]).filter((b) => b.companyId === company.id);
    expect(stored).toHaveLength(11);
    const rows = csv.split('\r\n').filter((line) => /LX-[A-Z0-9]{5}/.test(line));
    expect(rows).toHaveLength(11);
    for (const booking of stored) {
      const row = rows.find((line) => line.includes(booking.reference))!;
      expect(row.split(',').at(-1)).toBe(booking.totalAmount);
      expect(text).toContain(booking.reference);
    }
    expect(rows.filter((line) => line.includes('Plan transfer'))).toHaveLength(10);
    expect(rows.filter((line) => !line.includes('Plan transfer'))).toEqual([expect.stringContaining(eleventh.booking.reference)]);
    const totalDue = (750 + Number(guest.quote.total)).toFixed(2);
    expect(csv).toContain(totalDue);
    expect(text.replace(/,/g, '')).toContain(`$${totalDue}`);
    await view.getByTestId('company-statements').getByText(/issued/).waitFor();
    // Made, it is emailed to the billing contact with both files, the very ones downloaded.
    const mail = await eventually(async () => inbox.to('billing@acme-travel.example').find((m) => m.subject.includes('statement')), 20_000, 'the statement emailed');
    const files = attachmentsOf(mail);
    expect(files.map((f) => f.contentType)).toEqual(['application/pdf', 'text/csv']);
    expect(files[1].content.toString('utf8')).toBe(csv);
    expect(mail.body).toContain('Dear Pat Payer,');
    await screenshot(admin.page, 'business-statement-1440');
    expect(admin.errors).toEqual([]);
  }, 180_000);
});
