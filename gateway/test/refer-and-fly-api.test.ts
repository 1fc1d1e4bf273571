import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ACCOUNT_MESSAGES, addDays, BENEFITS_MESSAGES, businessToday, CREDIT_MESSAGES, type QuoteResponse } from '@limo/contracts';
import { REFERRAL_UNAVAILABLE } from '../src/account/booking-account.js';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { signedInCustomer } from '../../tests/support/customer-account.js';
import { withStack } from '../../tests/support/fixtures.js';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox.js';

/**
 * The gateway's side of a signed-in customer's benefits and Refer & Fly (issue 36): who may claim
 * a free ride or credit with a booking, a referral code checked before the booking is made, and
 * the account's and the admin's credit routes kept to their owners. What the customers service
 * answers to a valid session's routes is its own tests'.
 */
describe("Refer & Fly and benefits at the gateway", () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  const stack = withStack(() => ({ services: ['fleet', 'booking', 'drivers', 'notifications', 'customers'], env: { SMTP_URL: inbox.url } }));
  afterAll(() => inbox?.close());
  const api = () => request(stack.baseUrl);
  let last = 0;
  const newEmail = (tag: string) => `${tag}-${++last}-${randomBytes(3).toString('hex')}@example.com`;
  const ride = (over: Record<string, unknown> = {}) => ({
    tripType: 'one-way',
    pickupDate: addDays(businessToday(), 4),
    pickupTime: '10:30',
    pickupLocation: 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401',
    dropoffLocation: 'Downtown Los Angeles',
    duration: 1,
    vehicleId: 1,
    ...over,
  });
  const booking = (over: Record<string, unknown> = {}) =>
    ride({ firstName: 'Riley', lastName: 'Rider', email: newEmail('rider'), phone: '3105559876', paymentMethod: 'phone-card', ...over });
  const trip = (over: Record<string, unknown> = {}) => booking({ returnTrip: { pickupDate: addDays(businessToday(), 6), pickupTime: '18:00' }, ...over });
  const claim = { freeRide: false, credit: '10.00' };

  describe('authentication', () => {
    it('answers 401 to GET /api/account/referrals without a session, or with an unknown one', async () => {
      expect((await api().get('/api/account/referrals').expect(401)).body).toEqual({ statusCode: 401, message: ACCOUNT_MESSAGES.signInRequired });
      await api().get('/api/account/referrals').set('Cookie', 'limo_customer=not-a-session-token-at-all').expect(401);
    });

    it("keeps the credit ledger and its adjustments to the admin: 401 without credentials, and a customer's session does not open them", async () => {
      const email = newEmail('nosy');
      await api().get('/api/admin/customers/ledger').query({ email }).expect(401);
      await api().post('/api/admin/customers/ledger/adjustments').send({ email, amount: '50.00', reason: 'Goodwill' }).expect(401);
      const customer = await signedInCustomer(stack.baseUrl, inbox, email, '203.0.113.41');
      await customer.get('/api/admin/customers/ledger').query({ email }).expect(401);
      await customer.post('/api/admin/customers/ledger/adjustments').send({ email, amount: '50.00', reason: 'Goodwill' }).expect(401);
    });
  });

  describe('validation', () => {
    it("refuses the admin's ledger without a valid email, and adjustments of nothing, without a reason or with unknown fields, with 400s", async () => {
      const admin = adminAuth(stack);
      await api().get('/api/admin/customers/ledger').set('Authorization', admin).expect(400);
      await api().get('/api/admin/customers/ledger').query({ email: 'not-an-email' }).set('Authorization', admin).expect(400);
      const adjust = (body: Record<string, unknown>) => api().post('/api/admin/customers/ledger/adjustments').set('Authorization', admin).send(body).expect(400);
      const email = newEmail('adjusted');
      expect((await adjust({ email, amount: '0.00', reason: 'Goodwill' })).body.message).toContain(CREDIT_MESSAGES.zero);
      expect((await adjust({ email, amount: '-0.00', reason: 'Goodwill' })).body.message).toContain(CREDIT_MESSAGES.zero);
      expect((await adjust({ email, amount: '5.00', reason: ' a ' })).body.message).toContain(CREDIT_MESSAGES.reason);
      expect((await adjust({ email, amount: '5.00', reason: 'a\u0000bcd' })).body.message).toMatch(/control characters/);
      await adjust({ email, amount: 'five', reason: 'Goodwill' });
      await adjust({ email, amount: '5.00', reason: 'Goodwill', actor: { kind: 'admin', id: null, name: 'someone else' } });
      await api().post('/api/admin/customers/ledger/adjustments').set('Authorization', admin).set('Idempotency-Key', 'k'.repeat(256)).send({ email, amount: '5.00', reason: 'Goodwill' }).expect(400);
      expect((await api().get('/api/admin/customers/ledger').query({ email }).set('Authorization', admin).expect(200)).body.entries).toEqual([]);
    });

    it("makes an adjustment sent again with the same Idempotency-Key once, and answers 409 to the key with another amount", async () => {
      const admin = adminAuth(stack);
      const email = newEmail('retried');
      const send = (amount: string) => api().post('/api/admin/customers/ledger/adjustments').set('Authorization', admin).set('Idempotency-Key', `adjust-${email}`).send({ email, amount, reason: 'Goodwill' });
      expect((await send('20.00').expect(200)).body).toMatchObject({ available: '20.00' });
      expect((await send('20.00').expect(200)).body).toMatchObject({ available: '20.00', entries: [expect.objectContaining({ amount: '20.00' })] });
      expect((await send('25.00').expect(409)).body).toEqual({ statusCode: 409, message: CREDIT_MESSAGES.keyReused });
    });

    it('refuses a referral code that is not one with a 400 naming referralCode', async () => {
      const res = await api().post('/api/bookings').send(booking({ referralCode: 'no!' })).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'referralCode' })]);
    });
  });

  describe('a claim of benefits', () => {
    it('is refused signed out, on a booking and on a round trip, with the message that says to sign in', async () => {
      const refused = (await api().post('/api/bookings').send(booking({ benefits: claim })).expect(400)).body;
      expect(refused).toEqual({ statusCode: 400, message: BENEFITS_MESSAGES.signedOut, errors: [{ path: 'benefits', message: BENEFITS_MESSAGES.signedOut }] });
      expect((await api().post('/api/trips').send(trip({ benefits: claim })).expect(400)).body.message).toBe(BENEFITS_MESSAGES.signedOut);
      // A cookie that names no session is signed out too.
      const unknown = await api().post('/api/bookings').set('Cookie', `limo_customer=${'x'.repeat(43)}`).send(booking({ benefits: claim })).expect(400);
      expect(unknown.body.message).toBe(BENEFITS_MESSAGES.signedOut);
    });

    it("is refused signed in when the booking's email is not the account's, and nothing is booked", async () => {
      const email = newEmail('member');
      const customer = await signedInCustomer(stack.baseUrl, inbox, email, '203.0.113.42');
      const other = newEmail('friend');
      const res = await customer.post('/api/bookings').send(booking({ email: other, benefits: { freeRide: true, credit: '0.00' } })).expect(400);
      expect(res.body.message).toBe(BENEFITS_MESSAGES.otherEmail);
      expect((await customer.post('/api/trips').send(trip({ email: other, benefits: claim })).expect(400)).body.message).toBe(BENEFITS_MESSAGES.otherEmail);
      const booked = await api().get('/api/bookings').query({ q: other }).set('Authorization', adminAuth(stack)).expect(200);
      expect(booked.body).toEqual([]);
    });
  });

  describe('while the customers service is down', () => {
    beforeAll(() => stack.stopService('customers'), 30_000);

    it('quotes and books a customer with a session cookie as signed out', async () => {
      const cookie = `limo_customer=${'s'.repeat(43)}`;
      const quoted = (await api().post('/api/quotes').set('Cookie', cookie).send(ride()).expect(200)).body as QuoteResponse;
      expect(quoted.quote.freeRide).toBeUndefined();
      expect(quoted.quote.credit).toBeUndefined();
      await api().post('/api/bookings').set('Cookie', cookie).send(booking()).expect(201);
    });

    it('refuses a booking with a referral code it cannot check with a 503 naming referralCode, and books nothing', async () => {
      const email = newEmail('referred');
      const res = await api().post('/api/bookings').send(booking({ email, referralCode: 'FRIEND10' })).expect(503);
      expect(res.body).toEqual({ statusCode: 503, message: REFERRAL_UNAVAILABLE, errors: [{ path: 'referralCode', message: REFERRAL_UNAVAILABLE }] });
      expect((await api().post('/api/trips').send(trip({ email, referralCode: 'FRIEND10' })).expect(503)).body.message).toBe(REFERRAL_UNAVAILABLE);
      expect((await api().get('/api/bookings').query({ q: email }).set('Authorization', adminAuth(stack)).expect(200)).body).toEqual([]);
    });
  });
});
