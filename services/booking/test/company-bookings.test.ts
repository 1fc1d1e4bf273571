import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { addDays, bookingRpc, BookingRequest, businessToday, companiesRpc, COMPANY_MESSAGES, RESERVATION_HOLDERS_MAX, type BookingRequestInput } from '@limo/contracts';
import { RpcCallError, RpcClient } from '@limo/messaging';
import { CompanyTransfers } from '../src/benefits/company-transfers.js';
import { STORE_HOLDS_WITHIN_MS } from '../src/benefits/hold-age.js';
import { withStack } from '../../../tests/support/fixtures.js';
import { eventually } from '../../../tests/support/stack.js';
import { stallAfterEachHold } from './stalled-holds.support.js';

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const SANTA_MONICA = 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401';
const ADMIN = { kind: 'admin' as const, id: 1, name: 'Dana' };

/** The first month after this one (LA), and a day in it: the plan starts then, so the test never runs out of days. */
function nextMonth(): { month: string; day: (n: number) => string } {
  const today = businessToday();
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { month: next, day: (n) => `${next}-${String(n).padStart(2, '0')}` };
}

/** The month after a YYYY-MM. */
const monthAfter = (m: string) => (m.endsWith('-12') ? `${Number(m.slice(0, 4)) + 1}-01` : `${m.slice(0, 5)}${String(Number(m.slice(5, 7)) + 1).padStart(2, '0')}`);

/**
 * Bundles for Business on the booking path (issue 37): a booker's quote and booking for their
 * company take one of the pickup month's transfers (the ride's share; the extras still charged),
 * held in the customers service before the booking is stored; with none left the ride is priced
 * and billed to the company; a cancellation gives the transfer back; the booking service answers
 * the company's month of rides. Through NATS with the real customers service, as the gateway calls.
 */
describe('a booker’s rides on their company’s plan', () => {
  let nc: NatsConnection | undefined;
  let rpc: RpcClient;
  const stack = withStack({ services: ['fleet', 'booking', 'customers'] }, { beforeStop: () => nc?.close() });
  beforeAll(async () => {
    nc = await connect({ servers: stack.env.vars.NATS_URL });
    rpc = new RpcClient(nc, { prefix: stack.env.id, timeoutMs: 10_000 });
  });

  const { month, day } = nextMonth();
  let seq = 0;
  const newEmail = (who = 'booker') => `${who}-${++seq}-${Date.now()}@example.com`;
  const newCompany = async (booker: string) => {
    const company = await rpc.request(companiesRpc.create, { name: `Acme ${++seq}`, billingContact: 'Pat Payer', billingEmail: newEmail('billing'), plan: 'starter', startMonth: month, actor: ADMIN });
    await rpc.request(companiesRpc.putBooker, { companyId: company.id, email: booker, role: 'booker' });
    return company;
  };
  /** LAX to Santa Monica Pier in the Executive Sedan ($70.00 all in), at 08:00 + n hours of a day next month. */
  const ride = (email: string, n: number, overrides: Partial<BookingRequestInput> = {}) =>
    BookingRequest.parse({
      tripType: 'one-way',
      pickupDate: day(10 + Math.floor(n / 12)),
      pickupTime: `${String(8 + (n % 12)).padStart(2, '0')}:00`,
      pickupLocation: LAX,
      dropoffLocation: SANTA_MONICA,
      vehicleId: 1,
      firstName: 'Pam',
      lastName: `Passenger ${n}`,
      email,
      phone: '(310) 555-0177',
      paymentMethod: 'phone-card',
      ...overrides,
    });
  const quoteOf = ({ tripType, pickupDate, pickupTime, pickupLocation, dropoffLocation, vehicleId, meetGreet, childSeats }: BookingRequest) =>
    ({ tripType, pickupDate, pickupTime, pickupLocation, dropoffLocation, vehicleId, meetGreet, childSeats });
  const statusOf = (error: unknown) => (error instanceof RpcCallError ? { status: error.status, message: error.message } : error);
  const left = async (companyId: number, email: string) => (await rpc.request(companiesRpc.transfers, { email, companyId, months: [month] })).months[0].left;

  it('quotes a transfer on the plan (extras still charged) and books ten; the last one goes to one of three bookers at once; the eleventh is billed', async () => {
    const email = newEmail();
    const company = await newCompany(email);
    const paid = await rpc.request(bookingRpc.quote, { ride: quoteOf(ride(email, 0, { meetGreet: true })) });
    const onPlan = await rpc.request(bookingRpc.quote, { ride: quoteOf(ride(email, 0, { meetGreet: true })), account: { email }, companyId: company.id });
    const meetGreet = paid.quote.lines!.find((line) => line.code === 'meet-greet')!.amount;
    expect(onPlan.quote).toMatchObject({ total: meetGreet, planTransfer: (Number(paid.quote.total) - Number(meetGreet)).toFixed(2) });
    expect(onPlan.quote.planNote).toContain('(10 left before this ride)');

    const claim = { companyId: company.id, transfer: true };
    for (let n = 0; n < 9; n++) {
      const { booking } = await rpc.request(bookingRpc.create, { booking: ride(email, n, { company: claim }), account: { email } });
      const guest = await rpc.request(bookingRpc.quote, { ride: quoteOf(ride(email, n)) });
      expect(booking).toMatchObject({ totalAmount: '0.00', companyId: company.id, companyName: company.name, price: { planTransfer: guest.quote.total } });
      expect(booking.transferReservationId).toEqual(expect.any(String));
    }
    expect(await left(company.id, email)).toBe(1);
    // Two connections and the first client, as three gateways: exactly one gets the last transfer.
    const others = await Promise.all([connect({ servers: stack.env.vars.NATS_URL }), connect({ servers: stack.env.vars.NATS_URL })]);
    try {
      const clients = [rpc, ...others.map((other) => new RpcClient(other, { prefix: stack.env.id, timeoutMs: 10_000 }))];
      const attempts = await Promise.allSettled(clients.map((client, i) => client.request(bookingRpc.create, { booking: ride(email, 9 + i, { company: claim }), account: { email } })));
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      expect(attempts.flatMap((a) => (a.status === 'rejected' ? [statusOf(a.reason)] : []))).toEqual(Array(2).fill({ status: 409, message: COMPANY_MESSAGES.transferGone }));
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
    expect(await left(company.id, email)).toBe(0);

    // None left: the quote says so and the ride is priced as usual, billed to the company.
    const billedQuote = await rpc.request(bookingRpc.quote, { ride: quoteOf(ride(email, 12)), account: { email }, companyId: company.id });
    expect(billedQuote.quote.planTransfer).toBeUndefined();
    expect(billedQuote.quote.planNote).toMatch(/No .* transfers left on .*: priced as usual and billed to/);
    const { booking: billed } = await rpc.request(bookingRpc.create, { booking: ride(email, 12, { company: { companyId: company.id, transfer: false } }), account: { email } });
    const price = (await rpc.request(bookingRpc.quote, { ride: quoteOf(ride(email, 12)) })).quote.total;
    expect(billed).toMatchObject({ totalAmount: price, companyId: company.id, transferReservationId: null });

    const rides = await rpc.request(bookingRpc.companyRides, { companyId: company.id, month });
    expect(rides).toHaveLength(11);
    expect(rides.filter((r) => r.onPlan)).toHaveLength(10);
    expect(rides.find((r) => r.bookingId === billed.id)).toMatchObject({ onPlan: false, finalAmount: price, extras: '0.00', planTransfer: '0.00', passenger: 'Pam Passenger 12' });
    const monthView = await rpc.request(companiesRpc.month, { companyId: company.id, month });
    expect(monthView).toMatchObject({ transfers: { included: 10, used: 10, left: 0 }, planFee: '750.00', ridesTotal: price, totalDue: (750 + Number(price)).toFixed(2) });

    // A cancelled ride gives its transfer back within the month.
    const first = rides.find((r) => r.onPlan)!;
    await rpc.request(bookingRpc.update, { id: first.bookingId, changes: { status: 'cancelled', statusReason: 'Meeting moved' }, actor: ADMIN });
    await eventually(async () => ((await left(company.id, email)) === 1 ? true : undefined), 15_000, 'the transfer back');
    expect(await rpc.request(bookingRpc.companyRides, { companyId: company.id, month })).toHaveLength(10);
  });

  it('books a round trip as two transfers, each held by its leg', async () => {
    const email = newEmail();
    const company = await newCompany(email);
    const trip = { ...ride(email, 0, { company: { companyId: company.id, transfer: true } }), returnTrip: { pickupDate: day(12), pickupTime: '18:00' } };
    const made = await rpc.request(bookingRpc.createTrip, { booking: trip, account: { email } });
    expect([made.booking.totalAmount, made.returnBooking.totalAmount]).toEqual(['0.00', '0.00']);
    expect(made.booking.transferReservationId).not.toBe(made.returnBooking.transferReservationId);
    expect(await left(company.id, email)).toBe(8);
  });

  it('books a round trip whose outbound month is used up: the outbound billed, the return on the next month’s plan', async () => {
    const email = newEmail();
    const company = await newCompany(email);
    // Next month used up; the return falls in the month after.
    for (let n = 0; n < 10; n++) await rpc.request(bookingRpc.create, { booking: ride(email, n, { company: { companyId: company.id, transfer: true } }), account: { email } });
    const trip = { ...ride(email, 13, { pickupDate: day(28) }), returnTrip: { pickupDate: `${monthAfter(month)}-02`, pickupTime: '18:00' } };
    const quoted = await rpc.request(bookingRpc.quote, { ride: { ...quoteOf(trip), returnTrip: trip.returnTrip }, account: { email }, companyId: company.id });
    expect([quoted.quote.planTransfer, quoted.returnQuote?.planTransfer !== undefined]).toEqual([undefined, true]);
    const made = await rpc.request(bookingRpc.createTrip, { booking: { ...trip, company: { companyId: company.id, transfer: false, returnTransfer: true } }, account: { email } });
    expect(made.booking).toMatchObject({ transferReservationId: null, totalAmount: quoted.quote.total });
    expect(made.returnBooking).toMatchObject({ totalAmount: '0.00', transferReservationId: expect.any(String) });
    // Claimed on both legs, the outbound's month has none: refused, not billed silently.
    await expect(rpc.request(bookingRpc.createTrip, { booking: { ...trip, company: { companyId: company.id, transfer: true, returnTransfer: true } }, account: { email } }).catch(statusOf)).resolves.toEqual({
      status: 409,
      message: COMPANY_MESSAGES.transferGone,
    });
  });

  it('keeps a ride on a transfer in its month and a transfer: a move to another month or to hourly is refused', async () => {
    const email = newEmail();
    const company = await newCompany(email);
    const { booking } = await rpc.request(bookingRpc.create, { booking: ride(email, 0, { company: { companyId: company.id, transfer: true } }), account: { email } });
    await expect(rpc.request(bookingRpc.update, { id: booking.id, changes: { pickupDate: `${monthAfter(month)}-05` }, actor: ADMIN }).catch(statusOf)).resolves.toEqual({ status: 400, message: COMPANY_MESSAGES.moveMonth });
    await expect(rpc.request(bookingRpc.update, { id: booking.id, changes: { tripType: 'hourly', duration: 3 }, actor: ADMIN }).catch(statusOf)).resolves.toEqual({ status: 400, message: COMPANY_MESSAGES.moveMonth });
    // Within its month it moves, still on the transfer.
    const moved = await rpc.request(bookingRpc.update, { id: booking.id, changes: { pickupDate: day(20) }, actor: ADMIN });
    expect(moved).toMatchObject({ totalAmount: '0.00', price: { planTransfer: booking.price.planTransfer } });
  });

  it('refuses a company ride from someone who does not book for it, a guest, another email, an hourly transfer and a month the plan does not cover', async () => {
    const email = newEmail();
    const company = await newCompany(email);
    const claim = { companyId: company.id, transfer: true };
    const outsider = newEmail('outsider');
    await expect(rpc.request(bookingRpc.create, { booking: ride(outsider, 0, { company: claim }), account: { email: outsider } }).catch(statusOf)).resolves.toEqual({ status: 403, message: COMPANY_MESSAGES.notBooker });
    await expect(rpc.request(bookingRpc.create, { booking: ride(email, 0, { company: claim }) }).catch(statusOf)).resolves.toEqual({ status: 400, message: COMPANY_MESSAGES.signedOut });
    await expect(rpc.request(bookingRpc.create, { booking: ride(newEmail(), 0, { company: claim }), account: { email } }).catch(statusOf)).resolves.toEqual({ status: 400, message: COMPANY_MESSAGES.companyEmail });
    const hourly = ride(email, 0, { tripType: 'hourly', dropoffLocation: '', duration: 3, company: claim });
    await expect(rpc.request(bookingRpc.create, { booking: hourly, account: { email } }).catch(statusOf)).resolves.toEqual({ status: 400, message: COMPANY_MESSAGES.hourlyNotTransfer });
    await expect(rpc.request(bookingRpc.create, { booking: ride(email, 0, { company: claim, referralCode: 'ABCD2345' }), account: { email } }).catch(statusOf)).resolves.toEqual({ status: 400, message: COMPANY_MESSAGES.referralOnCompany });
    // This month: the plan starts next month.
    const early = ride(email, 0, { pickupDate: addDays(businessToday(), 1), company: claim });
    if (early.pickupDate.slice(0, 7) !== month) {
      await expect(rpc.request(bookingRpc.create, { booking: early, account: { email } }).catch(statusOf)).resolves.toEqual({ status: 409, message: COMPANY_MESSAGES.planNotActive });
    }
    // Nothing was held or stored for any of them.
    expect(await left(company.id, email)).toBe(10);
    expect(await rpc.request(bookingRpc.companyRides, { companyId: company.id, month })).toEqual([]);
  });

  it('stores no ride or round trip whose transfer was held more than 5 minutes before its insert: gives it back to the month and answers 503, to be tried again', async () => {
    const stalled = stallAfterEachHold(CompanyTransfers, STORE_HOLDS_WITHIN_MS + 1);
    try {
      const email = newEmail();
      const company = await newCompany(email);
      const claim = { companyId: company.id, transfer: true };
      const refused = { status: 503, message: COMPANY_MESSAGES.transferFailed };
      await expect(rpc.request(bookingRpc.create, { booking: ride(email, 0, { company: claim }), account: { email } }).catch(statusOf)).resolves.toEqual(refused);
      const trip = { ...ride(email, 1, { company: claim }), returnTrip: { pickupDate: day(12), pickupTime: '18:00' } };
      await expect(rpc.request(bookingRpc.createTrip, { booking: trip, account: { email } }).catch(statusOf)).resolves.toEqual(refused);
      expect(stalled.reserve).toHaveBeenCalledTimes(3);
      expect(await left(company.id, email)).toBe(10);
      expect(await rpc.request(bookingRpc.companyRides, { companyId: company.id, month })).toEqual([]);

      // Stored a minute within the bound.
      stalled.stall.ms = STORE_HOLDS_WITHIN_MS - 60_000;
      const { booking } = await rpc.request(bookingRpc.create, { booking: ride(email, 0, { company: claim }), account: { email } });
      expect(booking.transferReservationId).toEqual(expect.any(String));
      expect(await left(company.id, email)).toBe(9);
    } finally {
      stalled.restore();
    }
  });

  it('answers which reservations its stored bookings name, among the bookings made since the time asked, and refuses too many at once', async () => {
    const email = newEmail();
    const company = await newCompany(email);
    const { booking } = await rpc.request(bookingRpc.create, { booking: ride(email, 30, { company: { companyId: company.id, transfer: true } }), account: { email } });
    const db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
    try {
      const { transfer_reservation_id: reservationId } = (await db.query(`SELECT transfer_reservation_id FROM booking.bookings WHERE id = $1`, [booking.id])).rows[0];
      expect(reservationId).toEqual(expect.any(String));
      const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
      expect(await rpc.request(bookingRpc.reservationHolders, { reservationIds: [reservationId, randomUUID()], since: hourAgo })).toEqual([{ reservationId, bookingId: booking.id }]);
      expect(await rpc.request(bookingRpc.reservationHolders, { reservationIds: [reservationId], since: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
      const tooMany = Array.from({ length: RESERVATION_HOLDERS_MAX + 1 }, () => randomUUID());
      await expect(rpc.request(bookingRpc.reservationHolders, { reservationIds: tooMany, since: hourAgo })).rejects.toMatchObject({ status: 400 });
    } finally {
      await db.end();
    }
  });
});
