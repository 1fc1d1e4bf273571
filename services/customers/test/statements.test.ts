import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { extractText, getDocumentProxy } from 'unpdf';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { bookingRpc, COMPANY_MESSAGES, companiesRpc, toCents, type CompanyRide } from '@limo/contracts';
import { rpcSubject } from '@limo/messaging';
import type { JobTrace } from '@limo/service-runtime';
import { addMonths, businessMonth } from '../src/companies/plan-rules.js';
import { IssueStatements } from '../src/statements/issue-statements.use-case.js';
import { StatementsWorker } from '../src/statements/statements.jobs.js';
import { withCustomersStack } from './booking-events.support.js';

/**
 * A company's month statement (issue 37): made once the month has ended from the month's figures
 * (the transfers here, the rides from a stand-in of the booking service), its PDF and CSV kept and
 * equal to those rides to the cent, announced once for the notifications service to email, made by
 * the daily job for every company whose plan covered the month before, and refused for a month not
 * over or without a plan.
 */
describe('Company statements', () => {
  const { stack, rpc, db, newEmail } = withCustomersStack();
  let nc: NatsConnection | undefined;
  const rides = new Map<number, CompanyRide[]>();
  beforeAll(async () => {
    nc = await connect({ servers: stack.env.vars.NATS_URL });
    nc.subscribe(rpcSubject(stack.env.id, bookingRpc.companyRides.subject), {
      callback: (_error, msg) => msg.respond(JSON.stringify({ ok: true, data: rides.get(msg.json<{ companyId: number }>().companyId) ?? [] })),
    });
  });
  afterAll(async () => nc?.close());

  const admin = { kind: 'admin' as const, id: 1, name: 'Dana' };
  const lastMonth = () => addMonths(businessMonth(), -1);
  /** A Starter company whose plan began two months ago (an RPC makes it from this month only: moved back, as if made then). */
  const companySinceTwoMonths = async () => {
    const company = await rpc().request(companiesRpc.create, { name: `Acme ${randomUUID().slice(0, 6)}`, billingContact: 'Pat Payer', billingEmail: newEmail('billing'), plan: 'starter', startMonth: businessMonth(), actor: admin });
    await db().query(`UPDATE customers.company_plan_periods SET from_month = $2 WHERE company_id = $1`, [company.id, addMonths(businessMonth(), -2)]);
    return company;
  };
  let seq = 0;
  const ride = (overrides: Partial<CompanyRide>): CompanyRide => ({
    bookingId: ++seq,
    reference: `LX-S${String(seq).padStart(4, '0')}`,
    status: 'completed',
    pickupDate: `${lastMonth()}-0${1 + (seq % 9)}`,
    pickupTime: '09:30',
    bookedBy: 'booker@acme.example',
    passenger: 'Pam Passenger',
    passengerPhone: '(310) 555-0177',
    pickupLocation: 'LAX',
    dropoffLocation: 'Santa Monica Pier',
    vehicleName: 'Executive Sedan',
    onPlan: true,
    planTransfer: '70.00',
    extras: '0.00',
    finalAmount: '0.00',
    settled: true,
    ...overrides,
  });
  const issued = async (companyId: number) =>
    (await db().query(`SELECT count(*)::int AS n FROM customers.outbox_events WHERE type = 'customers.statement.issued.v1' AND payload->'data'->>'companyId' = $1`, [String(companyId)])).rows[0].n;

  it('makes last month’s statement once, its PDF and CSV equal to the rides to the cent, and announces it once', async () => {
    const company = await companySinceTwoMonths();
    rides.set(company.id, [
      ride({ extras: '12.35', finalAmount: '12.35' }),
      ride({ extras: '0.10', finalAmount: '0.10' }),
      ride({ onPlan: false, planTransfer: '0.00', extras: '0.20', finalAmount: '89.20' }),
      ride({ onPlan: false, planTransfer: '0.00', finalAmount: '1.01' }),
    ]);
    // Two admins (or an admin and the job) at once: one statement, one announcement.
    const [first, second] = await Promise.all([1, 2].map(() => rpc().request(companiesRpc.statement, { companyId: company.id, month: lastMonth() })));
    expect(second.statement).toEqual(first.statement);
    expect(first.pdfBase64).toBe(second.pdfBase64);
    const due = toCents('750.00') + toCents('12.35') + toCents('0.10') + toCents('89.20') + toCents('1.01');
    expect(toCents(first.statement.totalDue)).toBe(due);

    const pdf = await getDocumentProxy(new Uint8Array(Buffer.from(first.pdfBase64, 'base64')));
    const text = (await extractText(pdf, { mergePages: true })).text;
    await pdf.destroy();
    for (const r of rides.get(company.id)!) expect(text).toContain(r.reference);
    expect(text).toContain('$852.66');
    const csvRides = first.csv.split('\r\n').filter((line) => line.includes('LX-S'));
    expect(csvRides).toHaveLength(4);
    const finals = csvRides.map((line) => toCents(line.split(',').at(-1)!.replace(/"/g, '')));
    expect(toCents('750.00') + finals.reduce((a, b) => a + b, 0)).toBe(due);

    expect(await issued(company.id)).toBe(1);
    expect(await rpc().request(companiesRpc.statements, { companyId: company.id })).toEqual([first.statement]);
    // Kept as made: a ride the booking service changes afterwards does not change the sent document.
    rides.set(company.id, []);
    expect((await rpc().request(companiesRpc.statement, { companyId: company.id, month: lastMonth() })).pdfBase64).toBe(first.pdfBase64);
  });

  it('refuses a month not yet ended (409) and a month without a plan (404), making nothing', async () => {
    const company = await companySinceTwoMonths();
    await expect(rpc().request(companiesRpc.statement, { companyId: company.id, month: businessMonth() })).rejects.toMatchObject({ status: 409, message: COMPANY_MESSAGES.monthNotEnded });
    await expect(rpc().request(companiesRpc.statement, { companyId: company.id, month: addMonths(businessMonth(), -12) })).rejects.toMatchObject({ status: 404, message: COMPANY_MESSAGES.noStatement });
    await expect(rpc().request(companiesRpc.statement, { companyId: 999_999, month: lastMonth() })).rejects.toMatchObject({ status: 404 });
    expect(await rpc().request(companiesRpc.statements, { companyId: company.id })).toEqual([]);
    expect(await issued(company.id)).toBe(0);
  });

  it('states a month with rides but no plan (its plan cancelled before it): the rides billed, no plan fee, also in the daily job', async () => {
    const company = await companySinceTwoMonths();
    // The plan ended with the month before last: last month had rides billed to the company all the same.
    await db().query(`UPDATE customers.company_plan_periods SET to_month = from_month WHERE company_id = $1`, [company.id]);
    rides.set(company.id, [ride({ onPlan: false, planTransfer: '0.00', extras: '12.00', finalAmount: '142.00' }), ride({ onPlan: false, planTransfer: '0.00', finalAmount: '95.50' })]);
    const worker = stack.services.customers!.app.get(StatementsWorker);
    await worker.process({ name: 'issue-statements', data: {} } as Job<JobTrace>);
    expect(await rpc().request(companiesRpc.statements, { companyId: company.id })).toMatchObject([{ month: lastMonth(), totalDue: '237.50' }]);
    const made = await rpc().request(companiesRpc.statement, { companyId: company.id, month: lastMonth() });
    expect(made.statement).toMatchObject({ month: lastMonth(), totalDue: '237.50' });
    expect(made.csv).toContain('No plan');
    expect(await issued(company.id)).toBe(1);
    // A month with neither plan nor rides: no statement.
    rides.set(company.id, []);
    await expect(rpc().request(companiesRpc.statement, { companyId: company.id, month: addMonths(businessMonth(), -3) })).rejects.toMatchObject({ status: 404, message: COMPANY_MESSAGES.noStatement });
  });

  it('waits for the month’s rides to be settled (409, the job leaves it for a later day), at most until the 8th, when the quote is stated', async () => {
    const company = await companySinceTwoMonths();
    const statements = stack.services.customers!.app.get(IssueStatements);
    const month = lastMonth();
    /** Noon in Los Angeles on a day of the month after. */
    const dayAfter = (day: number) => new Date(`${addMonths(month, 1)}-0${day}T20:00:00Z`);
    const late = ride({ pickupDate: `${month}-28`, pickupTime: '22:00', onPlan: false, planTransfer: '0.00', finalAmount: '120.00', settled: false });
    rides.set(company.id, [ride({}), late]);
    await expect(statements.statement(company.id, month, dayAfter(1))).rejects.toMatchObject({ status: 409, message: COMPANY_MESSAGES.ridesNotSettled });
    // The job on the 1st: nothing made, and no failure.
    expect(await statements.issueAll(month, dayAfter(1))).toMatchObject({ failed: 0, waiting: expect.any(Number) });
    expect(await rpc().request(companiesRpc.statements, { companyId: company.id })).toEqual([]);
    await expect(statements.statement(company.id, month, dayAfter(7))).rejects.toMatchObject({ status: 409 });
    // Settled on the 2nd with its wait and tolls: stated at the settled amount.
    rides.set(company.id, [ride({}), { ...late, extras: '18.40', finalAmount: '138.40', settled: true }]);
    expect((await statements.statement(company.id, month, dayAfter(2))).statement.totalDue).toBe('888.40');
    expect(await issued(company.id)).toBe(1);

    // Never settled: on the 8th the quote is stated.
    const other = await companySinceTwoMonths();
    rides.set(other.id, [late]);
    await expect(statements.statement(other.id, month, dayAfter(3))).rejects.toMatchObject({ status: 409 });
    expect((await statements.statement(other.id, month, dayAfter(8))).statement.totalDue).toBe('870.00');
  });

  it('makes, in the daily job, the month before’s statement of every company its plan covered, and nothing more when run again', async () => {
    const covered = await companySinceTwoMonths();
    const notYet = await rpc().request(companiesRpc.create, { name: 'Newco', billingContact: 'Nia New', billingEmail: newEmail('billing'), plan: 'starter', startMonth: businessMonth(), actor: admin });
    rides.set(covered.id, [ride({ onPlan: false, planTransfer: '0.00', finalAmount: '70.00' })]);
    const worker = stack.services.customers!.app.get(StatementsWorker);
    const job = { name: 'issue-statements', data: {} } as Job<JobTrace>;
    await worker.process(job);
    await worker.process(job);
    expect(await rpc().request(companiesRpc.statements, { companyId: covered.id })).toMatchObject([{ month: lastMonth(), totalDue: '820.00' }]);
    expect(await issued(covered.id)).toBe(1);
    expect(await rpc().request(companiesRpc.statements, { companyId: notYet.id })).toEqual([]);
  });
});
