import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ACCOUNT_MESSAGES, addDays, businessToday, COMPANY_MESSAGES, PLANS, type AccountCompanyMonth, type BookerCompany, type Company } from '@limo/contracts';
import { verifyLink } from '@limo/contracts/common/signed-link';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { signedInCustomer } from '../../tests/support/customer-account.js';
import { withStack } from '../../tests/support/fixtures.js';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox.js';

/**
 * The gateway's side of business accounts (issue 37): the admin's company routes and the signed-in
 * booker's, who may reach them, what they refuse before any service is asked, and how the
 * account's answers narrow a booker to their own rides and give a company admin the tracking
 * links and the statements. The rules themselves (plans, transfers, statements) are the customers
 * and booking services' tests'.
 */
describe('business accounts at the gateway', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  const stack = withStack(() => ({ services: ['fleet', 'booking', 'drivers', 'notifications', 'customers'], env: { SMTP_URL: inbox.url } }));
  afterAll(() => inbox?.close());
  const api = () => request(stack.baseUrl);
  const admin = () => adminAuth(stack);
  let last = 0;
  const newEmail = (tag: string) => `${tag}-${++last}-${randomBytes(3).toString('hex')}@example.com`;
  const thisMonth = () => businessToday().slice(0, 7);
  const newCompany = (over: Record<string, unknown> = {}) => ({
    name: `Acme ${randomBytes(3).toString('hex')}`,
    billingContact: 'Bea Billing',
    billingEmail: newEmail('billing'),
    plan: 'starter',
    startMonth: thisMonth(),
    ...over,
  });

  describe('who may reach them', () => {
    it('keeps every admin company route to the admin: 401 without credentials and with a customer session', async () => {
      const customer = await signedInCustomer(stack.baseUrl, inbox, newEmail('nosy'), '203.0.113.61');
      for (const agent of [api(), customer]) {
        await agent.get('/api/admin/companies').expect(401);
        await agent.post('/api/admin/companies').send(newCompany()).expect(401);
        await agent.get('/api/admin/companies/1').expect(401);
        await agent.patch('/api/admin/companies/1').send({ name: 'Other' }).expect(401);
        await agent.post('/api/admin/companies/1/bookers').send({ email: 'a@example.com' }).expect(401);
        await agent.delete('/api/admin/companies/1/bookers/a@example.com').expect(401);
        await agent.post('/api/admin/companies/1/plan').send({ cancel: true }).expect(401);
        await agent.get(`/api/admin/companies/1/months/${thisMonth()}`).expect(401);
        await agent.get('/api/admin/companies/1/statements').expect(401);
        await agent.get('/api/admin/companies/1/statements/2026-01.pdf').expect(401);
      }
    });

    it("answers 401 to the account's company routes without a session", async () => {
      for (const path of ['/api/account/company', `/api/account/company/months/${thisMonth()}`, '/api/account/company/statements/2026-01.csv']) {
        expect((await api().get(path).expect(401)).body).toEqual({ statusCode: 401, message: ACCOUNT_MESSAGES.signInRequired });
      }
    });
  });

  describe('validation', () => {
    it('refuses bad ids, months, statement files, emails and bodies with 400s naming them', async () => {
      const a = admin();
      await api().get('/api/admin/companies/abc').set('Authorization', a).expect(400);
      await api().get('/api/admin/companies/1/months/2026-13').set('Authorization', a).expect(400);
      await api().get('/api/admin/companies/1/months/202601').set('Authorization', a).expect(400);
      for (const file of ['2026-01.doc', '2026-13.pdf', '2026-01', 'statement.pdf']) {
        const res = await api().get(`/api/admin/companies/1/statements/${file}`).set('Authorization', a).expect(400);
        expect(res.body.statusCode).toBe(400);
      }
      await api().delete('/api/admin/companies/1/bookers/not-an-email').set('Authorization', a).expect(400);
      const create = (body: Record<string, unknown>) => api().post('/api/admin/companies').set('Authorization', a).send(body).expect(400);
      expect((await create(newCompany({ name: '  ' }))).body.message).toContain(COMPANY_MESSAGES.name);
      expect((await create(newCompany({ billingContact: 'Bea\u0000' }))).body.message).toMatch(/control characters/);
      await create(newCompany({ plan: 'platinum' }));
      await create(newCompany({ startMonth: '2026-1' }));
      await create(newCompany({ billingEmail: 'nope' }));
      await create({ ...newCompany(), actor: { kind: 'admin', id: null, name: 'someone else' } });
      const plan = (body: unknown) => api().post('/api/admin/companies/1/plan').set('Authorization', a).send(body as object).expect(400);
      await plan({ tier: 'gold' });
      await plan({ cancel: false });
      await plan({ tier: 'starter', cancel: true });
      await api().post('/api/admin/companies/1/bookers').set('Authorization', a).send({ email: 'a@example.com', role: 'owner' }).expect(400);
      await api().patch('/api/admin/companies/1').set('Authorization', a).send({ plan: 'enterprise' }).expect(400);
    });

    it("refuses a signed-in customer's bad month or statement file with 400s", async () => {
      const customer = await signedInCustomer(stack.baseUrl, inbox, newEmail('typo'), '203.0.113.62');
      await customer.get('/api/account/company/months/2026-00').expect(400);
      await customer.get('/api/account/company/statements/2026-01.xls').expect(400);
    });
  });

  // From here on, the customers service's companiesRpc handlers (and for the rides, the booking
  // service's company bookings) answer: these need those slices.
  describe('with the services', () => {
    it('makes a company, its bookers and plan change, and lists it', async () => {
      const a = admin();
      const body = newCompany();
      const made = (await api().post('/api/admin/companies').set('Authorization', a).send(body).expect(201)).body as Company;
      expect(made).toMatchObject({ name: body.name, billingEmail: body.billingEmail, bookers: [] });
      expect(made.plan).toEqual([expect.objectContaining({ tier: 'starter', fromMonth: thisMonth(), toMonth: null, askedBy: expect.any(String) })]);
      const booker = newEmail('booker');
      const withBooker = (await api().post(`/api/admin/companies/${made.id}/bookers`).set('Authorization', a).send({ email: booker }).expect(200)).body as Company;
      expect(withBooker.bookers).toEqual([expect.objectContaining({ email: booker, role: 'booker' })]);
      expect((await api().patch(`/api/admin/companies/${made.id}`).set('Authorization', a).send({ billingContact: 'Ben Billing' }).expect(200)).body.billingContact).toBe('Ben Billing');
      const list = (await api().get('/api/admin/companies').set('Authorization', a).expect(200)).body;
      expect(list).toContainEqual(expect.objectContaining({ id: made.id, tier: 'starter', transfersLeft: PLANS.starter.transfers, bookers: 1 }));
      // Inside the 6-month minimum term: the service's 409 passes through with its message.
      const refused = await api().post(`/api/admin/companies/${made.id}/plan`).set('Authorization', a).send({ cancel: true }).expect(409);
      expect(refused.body.message).toBe(COMPANY_MESSAGES.planInMinimumTerm);
      const removed = (await api().delete(`/api/admin/companies/${made.id}/bookers/${encodeURIComponent(booker)}`).set('Authorization', a).expect(200)).body as Company;
      expect(removed.bookers).toEqual([]);
      await api().get('/api/admin/companies/999999999').set('Authorization', a).expect(404);
    });

    it("answers a booker their company, null to a customer of none, and keeps statements to the company admin", async () => {
      const a = admin();
      const made = (await api().post('/api/admin/companies').set('Authorization', a).send(newCompany()).expect(201)).body as Company;
      const bookerEmail = newEmail('booker');
      const adminEmail = newEmail('travel-manager');
      await api().post(`/api/admin/companies/${made.id}/bookers`).set('Authorization', a).send({ email: bookerEmail }).expect(200);
      await api().post(`/api/admin/companies/${made.id}/bookers`).set('Authorization', a).send({ email: adminEmail, role: 'company-admin' }).expect(200);
      const booker = await signedInCustomer(stack.baseUrl, inbox, bookerEmail, '203.0.113.63');
      const companyAdmin = await signedInCustomer(stack.baseUrl, inbox, adminEmail, '203.0.113.64');
      const stranger = await signedInCustomer(stack.baseUrl, inbox, newEmail('stranger'), '203.0.113.65');

      const mine = (await booker.get('/api/account/company').expect(200)).body as BookerCompany;
      expect(mine).toMatchObject({ companyId: made.id, companyName: made.name, role: 'booker', transfers: { month: thisMonth(), included: 10, left: 10 } });
      expect((await stranger.get('/api/account/company').expect(200)).body).toBeNull();
      expect((await stranger.get(`/api/account/company/months/${thisMonth()}`).expect(403)).body.message).toBe(COMPANY_MESSAGES.notBooker);

      await booker.get('/api/account/company/statements/2026-01.pdf').expect(403);
      await stranger.get('/api/account/company/statements/2026-01.pdf').expect(403);
      await booker.get('/api/account/company/statements').expect(403);
      await stranger.get('/api/account/company/statements').expect(403);
      expect((await companyAdmin.get('/api/account/company/statements').expect(200)).body).toEqual([]);
      // This month has not ended: the service's 409 passes through, for the admin and the company admin.
      expect((await companyAdmin.get(`/api/account/company/statements/${thisMonth()}.pdf`).expect(409)).body.message).toBe(COMPANY_MESSAGES.monthNotEnded);
      expect((await api().get(`/api/admin/companies/${made.id}/statements/${thisMonth()}.csv`).set('Authorization', a).expect(409)).body.message).toBe(COMPANY_MESSAGES.monthNotEnded);
      expect((await api().get(`/api/admin/companies/${made.id}/statements`).set('Authorization', a).expect(200)).body).toEqual([]);
    });

    it("shows a booker the rides they booked and a company admin every ride with a tracking link", async () => {
      const a = admin();
      const made = (await api().post('/api/admin/companies').set('Authorization', a).send(newCompany()).expect(201)).body as Company;
      const [first, second, manager] = [newEmail('first'), newEmail('second'), newEmail('manager')];
      for (const email of [first, second]) await api().post(`/api/admin/companies/${made.id}/bookers`).set('Authorization', a).send({ email }).expect(200);
      await api().post(`/api/admin/companies/${made.id}/bookers`).set('Authorization', a).send({ email: manager, role: 'company-admin' }).expect(200);
      const agents = {
        first: await signedInCustomer(stack.baseUrl, inbox, first, '203.0.113.66'),
        second: await signedInCustomer(stack.baseUrl, inbox, second, '203.0.113.67'),
        manager: await signedInCustomer(stack.baseUrl, inbox, manager, '203.0.113.68'),
      };
      // Late in a month the 4th may be the next one: ask for the month of the ride's pickup.
      const pickupDate = addDays(businessToday(), 4);
      const month = pickupDate.slice(0, 7);
      for (const [agent, email] of [[agents.first, first], [agents.second, second]] as const) {
        const ride = { tripType: 'one-way', pickupDate, pickupTime: '10:30', pickupLocation: 'LAX - Los Angeles International Airport', dropoffLocation: 'Downtown Los Angeles', duration: 1, vehicleId: 1 };
        const quote = (await agent.post('/api/quotes').send({ ...ride, companyId: made.id }).expect(200)).body;
        const transfer = Number(quote.quote.planTransfer ?? 0) > 0;
        await agent
          .post('/api/bookings')
          .send({ ...ride, firstName: 'Pat', lastName: 'Passenger', email, phone: '3105550101', paymentMethod: 'phone-card', company: { companyId: made.id, transfer } })
          .expect(201);
      }
      const own = (await agents.first.get(`/api/account/company/months/${month}`).expect(200)).body as AccountCompanyMonth;
      expect(own.role).toBe('booker');
      expect(own.rides.map((r) => r.bookedBy)).toEqual([first]);
      expect(own.rides[0]!.trackLink).toBeNull();
      const all = (await agents.manager.get(`/api/account/company/months/${month}`).expect(200)).body as AccountCompanyMonth;
      expect(all.role).toBe('company-admin');
      expect(all.rides.map((r) => r.bookedBy).sort()).toEqual([first, second].sort());
      for (const ride of all.rides) {
        const token = new URL(ride.trackLink!, 'http://x').searchParams.get('t')!;
        expect(verifyLink(token, 'track', stack.env.gatewayConfig.LINK_SIGNING_SECRET)).toMatchObject({ purpose: 'track', bookingId: ride.bookingId });
      }
      const adminView = (await api().get(`/api/admin/companies/${made.id}/months/${month}`).set('Authorization', a).expect(200)).body;
      expect(adminView.rides).toHaveLength(2);
      expect(adminView.rides[0]).not.toHaveProperty('trackLink');
    });
  });
});
