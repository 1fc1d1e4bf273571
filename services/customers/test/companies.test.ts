import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import fc from 'fast-check';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { JobTrace } from '@limo/service-runtime';
import { bookingRpc, COMPANY_MESSAGES, companiesRpc, type BillingMonth, type BookingSnapshot, type CompanyRide, type PlanTier } from '@limo/contracts';
import { rpcSubject } from '@limo/messaging';
import { CompanyMonths } from '../src/companies/company-months.js';
import { CompanyTransfers } from '../src/companies/company-transfers.use-case.js';
import { UNBOUND_HOLD_MS } from '../src/stored-bookings.js';
import { ManageCompanies } from '../src/companies/manage-companies.use-case.js';
import { addMonths, businessMonth, effectiveMonth } from '../src/companies/plan-rules.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { HousekeepingWorker } from '../src/housekeeping/housekeeping.jobs.js';
import { withCustomersStack } from './booking-events.support.js';

/**
 * Bundles for Business in the customers service (issue 37): companies, plans and bookers as the
 * admin keeps them, the month transfers a booker's rides hold (bound and given back by synthetic
 * booking events on the stream), and a company's month with its rides from a stand-in of the
 * booking service's `booking.companies.rides.v1`.
 */
describe('Companies: plans, bookers and the month transfers', () => {
  const { stack, rpc, db, newEmail, aBooking, moved, created, statusChange, publish } = withCustomersStack();
  let nc: NatsConnection | undefined;
  /** What the stand-in booking service answers, by company id. */
  const rides = new Map<number, CompanyRide[]>();
  const asked: unknown[] = [];
  /** The stand-in's stored bookings naming a transfer reservation (reservation id → booking id); null: it does not answer. */
  let holders: Map<string, number> | null = new Map();

  beforeAll(async () => {
    nc = await connect({ servers: stack.env.vars.NATS_URL });
    nc.subscribe(rpcSubject(stack.env.id, bookingRpc.companyRides.subject), {
      callback: (_error, msg) => {
        const query = msg.json<{ companyId: number; bookedBy?: string }>();
        asked.push(query);
        const all = rides.get(query.companyId) ?? [];
        msg.respond(JSON.stringify({ ok: true, data: query.bookedBy ? all.filter((r) => r.bookedBy === query.bookedBy) : all }));
      },
    });
    nc.subscribe(rpcSubject(stack.env.id, bookingRpc.reservationHolders.subject), {
      callback: (_error, msg) => {
        if (!holders) return;
        const named = msg.json<{ reservationIds: string[] }>().reservationIds.flatMap((reservationId) => (holders!.has(reservationId) ? [{ reservationId, bookingId: holders!.get(reservationId)! }] : []));
        msg.respond(JSON.stringify({ ok: true, data: named }));
      },
    });
  });
  afterAll(async () => nc?.close());

  const admin = { kind: 'admin' as const, id: 1, name: 'Dana' };
  const thisMonth = () => businessMonth();
  const makeCompany = (plan: PlanTier = 'starter', startMonth: BillingMonth = thisMonth()) =>
    rpc().request(companiesRpc.create, { name: `Acme ${randomUUID().slice(0, 8)}`, billingContact: 'Pat Payer', billingEmail: 'billing@acme.example', plan, startMonth, actor: admin });
  const addBooker = (companyId: number, email = newEmail('booker'), role: 'booker' | 'company-admin' = 'booker') =>
    rpc().request(companiesRpc.putBooker, { companyId, email, role }).then(() => email);
  const reserve = (companyId: number, email: string, month: BillingMonth = thisMonth(), transfer = true, reservationId: string = randomUUID()) =>
    rpc().request(companiesRpc.reserveTransfer, { reservationId, email, companyId, month, transfer }).then(() => reservationId);
  const left = async (companyId: number, email: string, month: BillingMonth = thisMonth()) =>
    (await rpc().request(companiesRpc.transfers, { email, companyId, months: [month] })).months[0].left;
  const reservation = async (id: string) => (await db().query(`SELECT booking_id, status FROM customers.transfer_reservations WHERE reservation_id = $1`, [id])).rows[0];
  /** Moves the company's start back, as if it had been made that long ago (an RPC only makes it from this month). */
  const startedMonthsAgo = (companyId: number, months: number) =>
    db().query(`UPDATE customers.company_plan_periods SET from_month = $2 WHERE company_id = $1`, [companyId, addMonths(thisMonth(), -months)]);
  const periodsOf = async (companyId: number) =>
    (await db().query(`SELECT tier, from_month, to_month FROM customers.company_plan_periods WHERE company_id = $1 ORDER BY from_month`, [companyId])).rows;

  describe('companies', () => {
    it('makes a company on a plan from this month, with the admin as who asked, and lists it', async () => {
      const company = await makeCompany('professional');
      expect(company).toMatchObject({
        billingContact: 'Pat Payer',
        billingEmail: 'billing@acme.example',
        plan: [{ tier: 'professional', fromMonth: thisMonth(), toMonth: null, askedBy: 'Dana' }],
        changeableFrom: addMonths(thisMonth(), 6),
        bookers: [],
      });
      expect(await rpc().request(companiesRpc.get, { companyId: company.id })).toEqual(company);
      const listed = (await rpc().request(companiesRpc.list, {})).find((c) => c.id === company.id);
      expect(listed).toEqual({ id: company.id, name: company.name, billingEmail: 'billing@acme.example', tier: 'professional', transfersLeft: 20, bookers: 0 });
    });

    it('refuses a start month before this month, an unknown company, and bad details, writing nothing', async () => {
      const before = (await db().query(`SELECT count(*)::int AS n FROM customers.companies`)).rows[0].n;
      await expect(makeCompany('starter', addMonths(thisMonth(), -1))).rejects.toMatchObject({
        status: 400,
        message: COMPANY_MESSAGES.startMonthPast,
        errors: [{ path: 'startMonth', message: COMPANY_MESSAGES.startMonthPast }],
      });
      await expect(
        rpc().request(companiesRpc.create, { name: 'Acme\u0000', billingContact: 'Pat', billingEmail: 'b@acme.example', plan: 'starter', startMonth: thisMonth(), actor: admin }),
      ).rejects.toMatchObject({ status: 400 });
      expect((await db().query(`SELECT count(*)::int AS n FROM customers.companies`)).rows[0].n).toBe(before);
      await expect(rpc().request(companiesRpc.get, { companyId: 999_999 })).rejects.toMatchObject({ status: 404, message: COMPANY_MESSAGES.notFound });
      await expect(rpc().request(companiesRpc.update, { companyId: 999_999, name: 'Other' })).rejects.toMatchObject({ status: 404 });
    });

    it("changes the company's details", async () => {
      const company = await makeCompany();
      const updated = await rpc().request(companiesRpc.update, { companyId: company.id, billingContact: 'Sam Settle', billingEmail: 'ap@acme.example' });
      expect(updated).toMatchObject({ name: company.name, billingContact: 'Sam Settle', billingEmail: 'ap@acme.example' });
    });
  });

  describe('bookers', () => {
    it('adds a booker, changes their role, and removes them; one who books for none has no company', async () => {
      const company = await makeCompany();
      const email = await addBooker(company.id);
      expect((await rpc().request(companiesRpc.get, { companyId: company.id })).bookers).toEqual([{ email, role: 'booker', addedAt: expect.any(String) }]);
      const changed = await rpc().request(companiesRpc.putBooker, { companyId: company.id, email, role: 'company-admin' });
      expect(changed.bookers).toEqual([{ email, role: 'company-admin', addedAt: expect.any(String) }]);
      expect(await rpc().request(companiesRpc.bookerCompany, { email })).toEqual({
        companyId: company.id,
        companyName: company.name,
        role: 'company-admin',
        transfers: { month: thisMonth(), tier: 'starter', included: 10, used: 0, left: 10, expired: null },
      });
      expect((await rpc().request(companiesRpc.removeBooker, { companyId: company.id, email })).bookers).toEqual([]);
      await rpc().request(companiesRpc.removeBooker, { companyId: company.id, email });
      expect(await rpc().request(companiesRpc.bookerCompany, { email })).toBeNull();
    });

    it('refuses a booker of another company (409) and leaves them with theirs', async () => {
      const [first, second] = [await makeCompany(), await makeCompany()];
      const email = await addBooker(first.id);
      await expect(rpc().request(companiesRpc.putBooker, { companyId: second.id, email, role: 'company-admin' })).rejects.toMatchObject({
        status: 409,
        message: COMPANY_MESSAGES.bookerElsewhere,
      });
      expect((await rpc().request(companiesRpc.get, { companyId: second.id })).bookers).toEqual([]);
      expect(await rpc().request(companiesRpc.bookerCompany, { email })).toMatchObject({ companyId: first.id, role: 'booker' });
      // Removing them from the other company does nothing to the first.
      await rpc().request(companiesRpc.removeBooker, { companyId: second.id, email });
      expect(await rpc().request(companiesRpc.bookerCompany, { email })).toMatchObject({ companyId: first.id });
    });

    it('gives the same email to exactly one of two companies adding it at once', async () => {
      const [first, second] = [await makeCompany(), await makeCompany()];
      const email = newEmail('booker');
      const outcomes = await Promise.allSettled([first, second].map((c) => rpc().request(companiesRpc.putBooker, { companyId: c.id, email, role: 'booker' })));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { status: 409, message: COMPANY_MESSAGES.bookerElsewhere } });
    });
  });

  describe('plan changes', () => {
    it('refuses a change or cancellation inside the 6-month minimum term, writing nothing', async () => {
      const company = await makeCompany();
      await expect(rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { tier: 'enterprise' }, actor: admin })).rejects.toMatchObject({
        status: 409,
        message: COMPANY_MESSAGES.planInMinimumTerm,
      });
      await expect(rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { cancel: true }, actor: admin })).rejects.toMatchObject({
        status: 409,
        message: COMPANY_MESSAGES.planInMinimumTerm,
      });
      expect(await periodsOf(company.id)).toEqual([{ tier: 'starter', from_month: thisMonth(), to_month: null }]);
      await expect(rpc().request(companiesRpc.changePlan, { companyId: 999_999, change: { cancel: true }, actor: admin })).rejects.toMatchObject({ status: 404 });
    });

    it('changes the tier with 30 days notice, replaces a pending change, and cancels once', async () => {
      const company = await makeCompany();
      await startedMonthsAgo(company.id, 8);
      const start = addMonths(thisMonth(), -8);
      const effective = effectiveMonth();
      const before = addMonths(effective, -1);
      await expect(rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { tier: 'starter' }, actor: admin })).rejects.toMatchObject({
        status: 409,
        message: COMPANY_MESSAGES.noChange,
      });
      const changed = await rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { tier: 'professional' }, actor: { kind: 'admin', id: 2, name: 'Lee' } });
      expect(changed.plan).toMatchObject([
        { tier: 'starter', fromMonth: start, toMonth: before, askedBy: 'Dana' },
        { tier: 'professional', fromMonth: effective, toMonth: null, askedBy: 'Lee' },
      ]);
      const replaced = await rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { tier: 'enterprise' }, actor: admin });
      expect(replaced.plan.map((p) => [p.tier, p.fromMonth, p.toMonth])).toEqual([
        ['starter', start, before],
        ['enterprise', effective, null],
      ]);
      const cancelled = await rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { cancel: true }, actor: admin });
      expect(cancelled.plan.map((p) => [p.tier, p.fromMonth, p.toMonth])).toEqual([['starter', start, before]]);
      await expect(rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { cancel: true }, actor: admin })).rejects.toMatchObject({
        status: 409,
        message: COMPANY_MESSAGES.alreadyCancelled,
      });
      expect(await periodsOf(company.id)).toEqual([{ tier: 'starter', from_month: start, to_month: before }]);
    });
  });

  describe('plan changes with rides already booked', () => {
    /** `n` transfers of the month held or bound by rides (as the booking service's reserves and their events leave them). */
    const holdTransfers = (companyId: number, month: BillingMonth, n: number, status: 'held' | 'bound' = 'bound') =>
      db().query(
        `INSERT INTO customers.transfer_reservations (reservation_id, company_id, month, email, transfer, status)
         SELECT gen_random_uuid(), $1, $2, 'booker@acme.example', true, $3 FROM generate_series(1, $4::int)`,
        [companyId, month, status, n],
      );
    const monthName = (month: BillingMonth) =>
      new Date(`${month}-15T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

    it("refuses a cancellation while rides from the month it takes effect hold the plan's transfers, and allows it once they are given back", async () => {
      const company = await makeCompany();
      await startedMonthsAgo(company.id, 8);
      const effective = effectiveMonth();
      const later = addMonths(effective, 2);
      await holdTransfers(company.id, later, 1, 'held');
      // A ride before the plan's end keeps its transfer: no refusal for that month.
      await holdTransfers(company.id, addMonths(effective, -1), 3);
      const message = COMPANY_MESSAGES.transfersHeld(1, monthName(later));
      expect(message).toBe(`1 ride in ${monthName(later)} already holds the plan's transfers: cancel them first or change the plan from a later month`);
      await expect(rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { cancel: true }, actor: admin })).rejects.toMatchObject({ status: 409, message });
      expect(await periodsOf(company.id)).toEqual([{ tier: 'starter', from_month: addMonths(thisMonth(), -8), to_month: null }]);

      await db().query(`UPDATE customers.transfer_reservations SET status = 'released' WHERE company_id = $1 AND month = $2`, [company.id, later]);
      const cancelled = await rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { cancel: true }, actor: admin });
      expect(cancelled.plan.map((p) => p.toMonth)).toEqual([addMonths(effective, -1)]);
    });

    it('refuses a tier down to fewer transfers than rides already hold in a month from then on, and allows one that includes them', async () => {
      const company = await makeCompany('enterprise');
      await startedMonthsAgo(company.id, 8);
      const effective = effectiveMonth();
      await holdTransfers(company.id, addMonths(effective, 1), 25);
      await expect(rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { tier: 'starter' }, actor: admin })).rejects.toMatchObject({
        status: 409,
        message: COMPANY_MESSAGES.transfersHeld(25, monthName(addMonths(effective, 1))),
      });
      await expect(rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { tier: 'professional' }, actor: admin })).rejects.toMatchObject({ status: 409 });
      expect((await periodsOf(company.id)).map((p: { tier: string }) => p.tier)).toEqual(['enterprise']);
      await db().query(`UPDATE customers.transfer_reservations SET status = 'released' WHERE reservation_id IN (SELECT reservation_id FROM customers.transfer_reservations WHERE company_id = $1 LIMIT 5)`, [company.id]);
      const changed = await rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { tier: 'professional' }, actor: admin });
      expect(changed.plan.map((p) => p.tier)).toEqual(['enterprise', 'professional']);
    });

    it("never leaves a transfer held in a month a cancellation raced with the bookers' reserves takes away, on two replicas", async () => {
      const replicas = [stack.services.customers!, await stack.startService('customers')];
      const [transfers, manage] = [replicas[0].app.get(CompanyTransfers), replicas[1].app.get(ManageCompanies)];
      const effective = effectiveMonth();
      for (let round = 0; round < 6; round++) {
        const company = await makeCompany();
        const email = await addBooker(company.id);
        await startedMonthsAgo(company.id, 8);
        const reserves = Array.from({ length: 3 }, () => transfers.reserve({ reservationId: randomUUID(), email, companyId: company.id, month: effective, transfer: true }));
        const [cancel, ...held] = await Promise.allSettled([manage.changePlan({ companyId: company.id, change: { cancel: true }, actor: admin }), ...reserves]);
        const holding = (await db().query(`SELECT count(*)::int AS n FROM customers.transfer_reservations WHERE company_id = $1 AND status = 'held'`, [company.id])).rows[0].n;
        expect(holding).toBe(held.filter((o) => o.status === 'fulfilled').length);
        if (cancel.status === 'fulfilled') expect(holding).toBe(0);
        else expect(cancel.reason).toMatchObject({ status: 409, message: expect.stringContaining(`in ${monthName(effective)} already`) });
      }
    });
  });

  describe('month transfers', () => {
    it('holds one transfer per reservation until none is left, the same id once, and checks a ride billed to the company without holding one', async () => {
      const company = await makeCompany();
      const email = await addBooker(company.id);
      const first = await reserve(company.id, email);
      await reserve(company.id, email, thisMonth(), true, first);
      expect(await left(company.id, email)).toBe(9);
      await reserve(company.id, email, thisMonth(), false);
      expect(await left(company.id, email)).toBe(9);
      for (let i = 0; i < 9; i++) await reserve(company.id, email);
      expect(await left(company.id, email)).toBe(0);
      await expect(reserve(company.id, email)).rejects.toMatchObject({ status: 409, message: COMPANY_MESSAGES.transferGone });
      // Priced as usual and billed to the company: still allowed.
      await reserve(company.id, email, thisMonth(), false);
      expect((await db().query(`SELECT count(*)::int AS n FROM customers.transfer_reservations WHERE company_id = $1`, [company.id])).rows[0].n).toBe(10);
      // Next month has its own.
      expect(await left(company.id, email, addMonths(thisMonth(), 1))).toBe(10);
    });

    it('refuses anyone who does not book for the company (403)', async () => {
      const [company, other] = [await makeCompany(), await makeCompany()];
      const elsewhere = await addBooker(other.id);
      for (const email of [newEmail('stranger'), elsewhere]) {
        await expect(reserve(company.id, email)).rejects.toMatchObject({ status: 403, message: COMPANY_MESSAGES.notBooker });
        await expect(reserve(company.id, email, thisMonth(), false)).rejects.toMatchObject({ status: 403 });
        await expect(rpc().request(companiesRpc.transfers, { email, companyId: company.id, months: [thisMonth()] })).rejects.toMatchObject({ status: 403 });
      }
    });

    it('refuses a transfer, or a ride billed to the company, in a month the cancelled plan no longer covers (409)', async () => {
      const company = await makeCompany();
      const email = await addBooker(company.id);
      await startedMonthsAgo(company.id, 8);
      await rpc().request(companiesRpc.changePlan, { companyId: company.id, change: { cancel: true }, actor: admin });
      const ended = effectiveMonth();
      for (const transfer of [true, false]) {
        await expect(reserve(company.id, email, ended, transfer)).rejects.toMatchObject({ status: 409, message: COMPANY_MESSAGES.planNotActive });
      }
      expect((await db().query(`SELECT count(*)::int AS n FROM customers.transfer_reservations WHERE company_id = $1`, [company.id])).rows[0].n).toBe(0);
      expect(await rpc().request(companiesRpc.transfers, { email, companyId: company.id, months: [thisMonth(), ended] })).toEqual({
        companyId: company.id,
        companyName: company.name,
        months: [
          { month: thisMonth(), active: true, left: 10 },
          { month: ended, active: false, left: 0 },
        ],
      });
      // Not begun yet is no plan either.
      const later = await makeCompany('starter', addMonths(thisMonth(), 2));
      const laterBooker = await addBooker(later.id);
      await expect(reserve(later.id, laterBooker)).rejects.toMatchObject({ status: 409, message: COMPANY_MESSAGES.planNotActive });
    });

    it('gives the last transfer to exactly one of two bookers at once, on two replicas', async () => {
      const company = await makeCompany();
      const [ann, bob] = [await addBooker(company.id), await addBooker(company.id)];
      // Six months with one transfer left each, raced for all at once (a single race may not overlap).
      const months = Array.from({ length: 6 }, (_, i) => addMonths(thisMonth(), i));
      await db().query(
        `INSERT INTO customers.transfer_reservations (reservation_id, company_id, month, email, transfer, status)
         SELECT gen_random_uuid(), $1, m, $2, true, 'bound' FROM unnest($3::text[]) AS m, generate_series(1, 9)`,
        [company.id, ann, months],
      );
      const replicas = [stack.services.customers!, await stack.startService('customers')].map((service) => service.app.get(CompanyTransfers));
      const races = await Promise.all(
        months.map((month) =>
          Promise.allSettled([ann, bob].map((email, i) => replicas[i].reserve({ reservationId: randomUUID(), email, companyId: company.id, month, transfer: true }))),
        ),
      );
      for (const outcomes of races) {
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { status: 409, message: COMPANY_MESSAGES.transferGone } });
      }
      for (const month of months) expect(await left(company.id, ann, month)).toBe(0);
    });

    it('holds exactly the included transfers when more are asked at once', async () => {
      const company = await makeCompany();
      const email = await addBooker(company.id);
      const outcomes = await Promise.allSettled(Array.from({ length: 14 }, () => reserve(company.id, email)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
      for (const o of outcomes.filter((o) => o.status === 'rejected')) expect(o).toMatchObject({ reason: { status: 409, message: COMPANY_MESSAGES.transferGone } });
      expect((await rpc().request(companiesRpc.bookerCompany, { email }))!.transfers).toMatchObject({ included: 10, used: 10, left: 0 });
    });
    /**
     * Through the service's own code and the database: random sequences of bookings (several at
     * once; some stored and bound, some never stored), cancellations (a stored one's `cancelled`
     * version, a never-stored one's release) and month ends on a Starter plan over three months.
     */
    it('never gives more transfers than the plan in any month, never loses one, and gives a cancelled one back within its month (property)', async () => {
      const app = stack.services.customers!.app;
      const [transfers, months, prisma] = [app.get(CompanyTransfers), app.get(CompanyMonths), app.get(PrismaClient)];
      const step = fc.oneof(
        fc.record({ kind: fc.constant('book' as const), month: fc.integer({ min: 0, max: 2 }), count: fc.integer({ min: 1, max: 12 }), stored: fc.boolean() }),
        fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
        fc.record({ kind: fc.constant('month-end' as const) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
          const company = await makeCompany();
          const email = await addBooker(company.id);
          const calendar = [0, 1, 2].map((i) => addMonths(thisMonth(), i));
          let current = 0;
          const clock = () => new Date(`${calendar[current]}-15T20:00:00Z`);
          const live: { id: string; booking: BookingSnapshot | null; month: number }[] = [];
          const used = (month: number) => live.filter((l) => l.month === month).length;
          for (const s of steps) {
            if (s.kind === 'month-end') current = Math.min(current + 1, 2);
            else if (s.kind === 'book') {
              const month = Math.max(s.month, current);
              const leftBefore = 10 - used(month);
              const outcomes = await Promise.allSettled(Array.from({ length: s.count }, () => reserve(company.id, email, calendar[month])));
              const held = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
              expect(held).toHaveLength(Math.min(s.count, leftBefore));
              for (const id of held) {
                const booking = s.stored ? aBooking(email, { companyId: company.id, transferReservationId: id }) : null;
                if (booking) await prisma.$transaction((tx) => transfers.follow(tx, booking));
                live.push({ id, booking, month });
              }
            } else {
              const open = live.filter((l) => l.month >= current);
              if (open.length === 0) continue;
              const chosen = open[s.pick % open.length];
              live.splice(live.indexOf(chosen), 1);
              if (!chosen.booking) await rpc().request(companiesRpc.releaseTransfer, { reservationId: chosen.id });
              else {
                const cancelled = moved(chosen.booking, 'cancelled');
                await prisma.$transaction((tx) => transfers.follow(tx, cancelled));
              }
            }
            for (const [i, month] of calendar.entries()) {
              const figures = (await months.month({ companyId: company.id, month }, clock())).transfers;
              expect(figures).toEqual({ month, tier: 'starter', included: 10, used: used(i), left: 10 - used(i), expired: i < current ? 10 - used(i) : null });
            }
          }
        }),
        { numRuns: 10 },
      );
    }, 120_000);
  });

  describe('following the bookings', () => {
    /** A booker's ride holding a transfer, its `created` event published. */
    async function bookedOnPlan() {
      const company = await makeCompany();
      const email = await addBooker(company.id);
      const reservationId = await reserve(company.id, email);
      const booking = aBooking(email, { companyId: company.id, transferReservationId: reservationId });
      await publish(created(booking), created(booking));
      return { company, email, booking, reservationId };
    }

    it('binds the transfer to the booking its created event names, once, so housekeeping and a late release leave it', async () => {
      const { company, email, booking, reservationId } = await bookedOnPlan();
      expect(await reservation(reservationId)).toEqual({ booking_id: booking.id, status: 'bound' });
      await stack.services.customers!.app.get(CompanyTransfers).releaseUnbound(new Date(Date.now() + 2 * UNBOUND_HOLD_MS));
      await rpc().request(companiesRpc.releaseTransfer, { reservationId });
      expect(await reservation(reservationId)).toEqual({ booking_id: booking.id, status: 'bound' });
      expect(await left(company.id, email)).toBe(9);
    });

    it('gives the transfer back when the ride is cancelled, once, and not again to a booking restored from cancelled', async () => {
      const { company, email, booking, reservationId } = await bookedOnPlan();
      const cancelled = moved(booking, 'cancelled');
      await publish(statusChange(cancelled, 'pending'), statusChange(cancelled, 'pending'));
      expect(await reservation(reservationId)).toEqual({ booking_id: booking.id, status: 'released' });
      expect(await left(company.id, email)).toBe(10);
      // Another ride takes it; the restored booking (re-priced without) does not take one back.
      await reserve(company.id, email);
      await publish(statusChange(moved(cancelled, 'confirmed'), 'cancelled'));
      expect(await reservation(reservationId)).toMatchObject({ status: 'released' });
      expect(await left(company.id, email)).toBe(9);
    });

    it('gives back the transfer of a booking whose first event is already cancelled', async () => {
      const company = await makeCompany();
      const email = await addBooker(company.id);
      const reservationId = await reserve(company.id, email);
      await publish(created(aBooking(email, { status: 'cancelled', companyId: company.id, transferReservationId: reservationId })));
      expect(await reservation(reservationId)).toMatchObject({ status: 'released' });
    });

    it('hands back a transfer whose booking was not stored: at once, or in the housekeeping job after 15 minutes unbound', async () => {
      const company = await makeCompany();
      const email = await addBooker(company.id);
      const first = await reserve(company.id, email);
      await rpc().request(companiesRpc.releaseTransfer, { reservationId: first });
      await rpc().request(companiesRpc.releaseTransfer, { reservationId: randomUUID() });
      expect(await reservation(first)).toMatchObject({ status: 'released' });

      const [stale, fresh] = [await reserve(company.id, email), await reserve(company.id, email)];
      await db().query(`UPDATE customers.transfer_reservations SET created_at = now() - interval '16 minutes' WHERE reservation_id = $1`, [stale]);
      const job = { name: 'tidy-benefits', data: {} } as Job<JobTrace>;
      const done = (await stack.services.customers!.app.get(HousekeepingWorker).process(job)) as { transfersReleased: number };
      expect(done.transfersReleased).toBeGreaterThanOrEqual(1);
      expect(await reservation(stale)).toMatchObject({ status: 'released' });
      expect(await reservation(fresh)).toMatchObject({ status: 'held' });
      expect(await left(company.id, email)).toBe(9);
    });

    it('binds an unbound transfer that a stored booking names (its created event late) instead of giving it back, and gives back nothing while the booking service cannot say', async () => {
      const company = await makeCompany();
      const email = await addBooker(company.id);
      const [late, neverStored] = [await reserve(company.id, email), await reserve(company.id, email)];
      await db().query(`UPDATE customers.transfer_reservations SET created_at = now() - interval '16 minutes' WHERE reservation_id = ANY($1::uuid[])`, [[late, neverStored]]);
      const transfers = stack.services.customers!.app.get(CompanyTransfers);
      try {
        holders = null;
        expect(await transfers.releaseUnbound()).toBe(0);
        expect(await left(company.id, email)).toBe(8);
        holders = new Map([[late, 424_242]]);
        await transfers.releaseUnbound();
        expect(await reservation(late)).toEqual({ booking_id: 424_242, status: 'bound' });
        expect(await reservation(neverStored)).toMatchObject({ status: 'released' });
        expect(await left(company.id, email)).toBe(9);
        // The late event binds nothing twice, and its booking's cancellation gives the transfer back.
        const booking = aBooking(email, { id: 424_242, companyId: company.id, transferReservationId: late });
        await publish(created(booking));
        await publish(statusChange(moved(booking, 'cancelled'), 'pending'));
        expect(await reservation(late)).toEqual({ booking_id: 424_242, status: 'released' });
        expect(await left(company.id, email)).toBe(10);
      } finally {
        holders = new Map();
      }
    });
  });

  describe("a company's month", () => {
    const ride = (bookingId: number, bookedBy: string, onPlan: boolean, extras: string, finalAmount: string): CompanyRide => ({
      bookingId,
      reference: `LX-${bookingId}`,
      status: 'confirmed',
      pickupDate: `${thisMonth()}-20`,
      pickupTime: '10:00',
      bookedBy,
      passenger: 'Jo Traveller',
      passengerPhone: '3105550000',
      pickupLocation: 'LAX',
      dropoffLocation: 'Santa Monica',
      vehicleName: 'Executive Sedan',
      onPlan,
      planTransfer: onPlan ? '95.00' : '0.00',
      extras,
      finalAmount,
      settled: false,
    });

    it('answers the transfers, the rides from the booking service and what is due, to the cent', async () => {
      const company = await makeCompany('professional');
      const [ann, bob] = [await addBooker(company.id), await addBooker(company.id)];
      await reserve(company.id, ann);
      await reserve(company.id, bob);
      rides.set(company.id, [ride(9001, ann, true, '25.10', '25.10'), ride(9002, bob, true, '0.00', '0.00'), ride(9003, ann, false, '10.05', '145.33')]);
      const month = await rpc().request(companiesRpc.month, { companyId: company.id, month: thisMonth() });
      expect(month).toMatchObject({
        companyId: company.id,
        companyName: company.name,
        month: thisMonth(),
        transfers: { tier: 'professional', included: 20, used: 2, left: 18, expired: null },
        planFee: '1400.00',
        extras: '35.15',
        ridesTotal: '170.43',
        totalDue: '1570.43',
      });
      expect(month.rides.map((r) => r.bookingId)).toEqual([9001, 9002, 9003]);

      const annsOnly = await rpc().request(companiesRpc.month, { companyId: company.id, month: thisMonth(), bookedBy: ann });
      expect(asked.at(-1)).toEqual({ companyId: company.id, month: thisMonth(), bookedBy: ann });
      expect(annsOnly).toMatchObject({ ridesTotal: '170.43', extras: '35.15' });
      expect(annsOnly.rides.map((r) => r.bookingId)).toEqual([9001, 9003]);
    });

    it('charges no plan fee in a month the plan does not cover, and answers 404 for an unknown company', async () => {
      const company = await makeCompany('starter', addMonths(thisMonth(), 1));
      rides.set(company.id, []);
      expect(await rpc().request(companiesRpc.month, { companyId: company.id, month: thisMonth() })).toMatchObject({
        transfers: { tier: null, included: 0, left: 0 },
        planFee: '0.00',
        totalDue: '0.00',
      });
      await expect(rpc().request(companiesRpc.month, { companyId: 999_999, month: thisMonth() })).rejects.toMatchObject({ status: 404 });
    });

    it('lists the companies a statement is made for: those whose plan covered the month', async () => {
      const [running, later] = [await makeCompany(), await makeCompany('starter', addMonths(thisMonth(), 1))];
      const months = stack.services.customers!.app.get(CompanyMonths);
      const ids = (await months.statementCompanies(thisMonth())).map((c) => c.companyId);
      expect(ids).toContain(running.id);
      expect(ids).not.toContain(later.id);
      expect((await months.statementCompanies(addMonths(thisMonth(), 1))).find((c) => c.companyId === later.id)).toEqual({
        companyId: later.id,
        companyName: later.name,
        billingEmail: 'billing@acme.example',
        billingContact: 'Pat Payer',
      });
    });
  });
});
