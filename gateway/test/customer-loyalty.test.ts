import request from 'supertest';
import { AccountLoyalty, ACCOUNT_MESSAGES, AdminCustomer } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { completedAirportRides, signedInCustomer } from '../../tests/support/customer-account.js';
import { book } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';
import { eventually } from '../../tests/support/stack.js';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox.js';

/**
 * Next One's on Us through the API (issue 36): the signed-in customer's punch card, counted by
 * the customers service from the booking events, and the admin's list of customers.
 */
describe("Next One's on Us: the customer's punch card and the admin's customers", () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  const stack = withStack(() => ({ services: ['fleet', 'booking', 'drivers', 'notifications', 'customers'], env: { SMTP_URL: inbox.url } }));
  afterAll(() => inbox?.close());
  const admin = () => request(stack.baseUrl).get('/api/admin/customers').set('Authorization', adminAuth(stack));
  let lastEmail = 0;
  const newEmail = (tag: string) => `${tag}-${++lastEmail}-${Date.now()}@example.com`;

  describe('authentication', () => {
    it('answers 401 to GET /api/account/loyalty without a session, or with an unknown one', async () => {
      expect((await request(stack.baseUrl).get('/api/account/loyalty').expect(401)).body).toEqual({ statusCode: 401, message: ACCOUNT_MESSAGES.signInRequired });
      await request(stack.baseUrl).get('/api/account/loyalty').set('Cookie', 'limo_customer=not-a-session-token-at-all').expect(401);
    });

    it('keeps GET /api/admin/customers to the admin: 401 without credentials, and a customer session does not open it', async () => {
      await request(stack.baseUrl).get('/api/admin/customers').expect(401);
      const customer = await signedInCustomer(stack.baseUrl, inbox, newEmail('nosy'), '203.0.113.31');
      await customer.get('/api/admin/customers').expect(401);
    });
  });

  describe('the punch card', () => {
    it('shows an empty card to a new customer', async () => {
      const customer = await signedInCustomer(stack.baseUrl, inbox, newEmail('new'), '203.0.113.32');
      expect(AccountLoyalty.parse((await customer.get('/api/account/loyalty').expect(200)).body)).toEqual({ completedAirportRides: 0, punchCard: 0, rewards: [], vip: false });
    });

    it('counts the rides completed before the account was made, not the others, and a 5th earns a free ride the admin sees', async () => {
      const email = newEmail('Flyer');
      // Booked in another case, before any account: counted by email once the customer signs up.
      await completedAirportRides(stack, email.toUpperCase(), 5);
      await book(stack, { email, pickupLocation: 'LAX', dropoffLocation: 'Pasadena' }, 9, '09:00');
      const notAirport = await book(stack, { email }, 10, '09:00');
      await request(stack.baseUrl).patch(`/api/bookings/${notAirport.id}`).set('Authorization', adminAuth(stack)).send({ status: 'completed' }).expect(200);

      const customer = await signedInCustomer(stack.baseUrl, inbox, email.toLowerCase(), '203.0.113.33');
      const card = await eventually(async () => {
        const body = AccountLoyalty.parse((await customer.get('/api/account/loyalty').expect(200)).body);
        return body.completedAirportRides === 5 ? body : undefined;
      }, 15_000, 'five completed airport rides counted');
      expect(card).toMatchObject({ punchCard: 5, vip: false });
      expect(card.rewards).toEqual([{ earnedAt: expect.any(String), expiresAt: expect.any(String), status: 'available' }]);
      const months = (Date.parse(card.rewards[0].expiresAt) - Date.parse(card.rewards[0].earnedAt)) / (30.44 * 86_400_000);
      expect(Math.round(months)).toBe(6);

      const listed = AdminCustomer.array().parse((await admin().query({ search: email.slice(0, 12).toUpperCase() }).expect(200)).body);
      expect(listed).toEqual([
        { email: email.toLowerCase(), name: null, createdAt: expect.any(String), completedAirportRides: 5, availableRewards: 1, nextRewardExpiresAt: card.rewards[0].expiresAt, vip: false },
      ]);
    });
  });

  describe('the admin list', () => {
    it('lists every account without a search, finds none for an unknown one, and refuses a bad search with a 400', async () => {
      const email = newEmail('listed');
      await signedInCustomer(stack.baseUrl, inbox, email, '203.0.113.34');
      const all = AdminCustomer.array().parse((await admin().expect(200)).body);
      expect(all.map((c) => c.email)).toContain(email);
      expect((await admin().query({ search: 'nobody-has-this-email' }).expect(200)).body).toEqual([]);
      expect((await admin().query({ search: 'a\u0000b' }).expect(400)).body.message).toMatch(/Search text must not contain control characters/);
      expect((await admin().query({ search: 'x'.repeat(101) }).expect(400)).body.message).toMatch(/at most 100 characters/);
      await admin().query({ other: '1' }).expect(400);
    });
  });
});
