import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { addDays, BENEFITS_MESSAGES, bookingRpc, BookingRequest, businessToday, customersRpc, type BookingRequestInput } from '@limo/contracts';
import { RpcCallError, RpcClient } from '@limo/messaging';
import { CustomerBenefits } from '../src/benefits/customer-benefits.js';
import { STORE_HOLDS_WITHIN_MS } from '../src/benefits/hold-age.js';
import { withStack } from '../../../tests/support/fixtures.js';
import { eventually } from '../../../tests/support/stack.js';
import { stallAfterEachHold } from './stalled-holds.support.js';

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const SANTA_MONICA = 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401';
const ADMIN = { kind: 'admin' as const, id: 1, name: 'Dana' };

/**
 * A signed-in customer's Refer & Fly credit on the booking path (issue 36): the booking service
 * asks the customers service what the account can spend when it quotes, holds exactly what the
 * quote showed when the booking is stored (one booking gets it, however many try at once), and
 * the customers service gives it back when the booking is cancelled. Through NATS, as the
 * gateway calls them with the session's account.
 */
describe('a signed-in customer’s credit on quotes and bookings', () => {
  let nc: NatsConnection | undefined;
  let rpc: RpcClient;
  const stack = withStack({ services: ['fleet', 'booking', 'customers'] }, { beforeStop: () => nc?.close() });
  beforeAll(async () => {
    nc = await connect({ servers: stack.env.vars.NATS_URL });
    rpc = new RpcClient(nc, { prefix: stack.env.id, timeoutMs: 10_000 });
  });

  let seq = 0;
  const newEmail = () => `credit-${++seq}-${Date.now()}@example.com`;
  /** LAX to Santa Monica Pier in the Executive Sedan ($70.00 all in before any offer, decisions.md). */
  const ride = (email: string, overrides: Partial<BookingRequestInput> = {}) =>
    BookingRequest.parse({
      tripType: 'one-way',
      pickupDate: addDays(businessToday(), 3),
      pickupTime: '10:00',
      pickupLocation: LAX,
      dropoffLocation: SANTA_MONICA,
      vehicleId: 1,
      firstName: 'Ada',
      lastName: 'Credit',
      email,
      phone: '(310) 555-0100',
      paymentMethod: 'phone-card',
      ...overrides,
    });
  /** The ride's part of a booking request, as the wizard asks for a quote. */
  const quoteOf = ({ tripType, pickupDate, pickupTime, pickupLocation, dropoffLocation, vehicleId, meetGreet, childSeats }: BookingRequest) =>
    ({ tripType, pickupDate, pickupTime, pickupLocation, dropoffLocation, vehicleId, meetGreet, childSeats });
  const giveCredit = (email: string, amount: string) => rpc.request(customersRpc.adjustCredit, { email, amount, reason: 'Welcome credit', actor: ADMIN });
  const ledger = (email: string) => rpc.request(customersRpc.creditLedger, { email });
  const statusOf = (error: unknown) => (error instanceof RpcCallError ? { status: error.status, message: error.message } : error);

  it('quotes a signed-in customer’s ride with their credit, every vehicle alike, and a guest’s without', async () => {
    const email = newEmail();
    await giveCredit(email, '25.00');
    const asked = quoteOf(ride(email));
    const signedIn = await rpc.request(bookingRpc.quote, { ride: asked, account: { email } });
    const guest = await rpc.request(bookingRpc.quote, { ride: asked });
    expect(guest.quote.credit).toBeUndefined();
    expect(signedIn.quote).toMatchObject({ total: (Number(guest.quote.total) - 25).toFixed(2), credit: '25.00' });
    expect(signedIn.quote.freeRide).toBeUndefined();
    for (const vehicle of signedIn.vehicles) {
      const paid = guest.vehicles.find((v) => v.vehicleId === vehicle.vehicleId)!;
      expect(Number(paid.total) - Number(vehicle.total)).toBeCloseTo(25, 2);
    }
  });

  it('holds the credit the quote showed for the booking, gives it to one of five bookings made at once, and back when it is cancelled', async () => {
    const email = newEmail();
    await giveCredit(email, '25.00');
    const claim = { freeRide: false, credit: '25.00' };
    const attempts = await Promise.allSettled(Array.from({ length: 5 }, () => rpc.request(bookingRpc.create, { booking: ride(email, { benefits: claim }), account: { email } })));
    expect(attempts.filter((a) => a.status === 'rejected').map((a) => statusOf((a as PromiseRejectedResult).reason))).not.toContainEqual(expect.objectContaining({ status: 400 }));
    const made = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value.booking] : []));
    const refused = attempts.flatMap((a) => (a.status === 'rejected' ? [statusOf(a.reason)] : []));
    expect({ made: made.length, refused: refused.filter((r) => (r as { status: number }).status !== 409) }).toEqual({ made: 1, refused: [] });
    expect(refused).toEqual(Array(4).fill({ status: 409, message: BENEFITS_MESSAGES.gone }));
    const [booking] = made;
    const paid = (await rpc.request(bookingRpc.quote, { ride: quoteOf(ride(email)) })).quote;
    const due = (Number(paid.total) - 25).toFixed(2);
    expect(booking).toMatchObject({ totalAmount: due, price: { total: due, credit: '25.00' } });
    expect(booking.benefitsReservationId).toEqual(expect.any(String));
    // The chauffeur earns as for the paid ride: its base and gratuity are the $70.00 ride's.
    expect([booking.price.base, booking.price.gratuity]).toEqual([paid.base, paid.gratuity]);
    await eventually(async () => ((await ledger(email)).reserved === '25.00' ? true : undefined), 10_000, 'the credit held');
    expect((await ledger(email)).available).toBe('0.00');

    await rpc.request(bookingRpc.update, { id: booking.id, changes: { status: 'cancelled', statusReason: 'Plans changed' }, actor: ADMIN });
    await eventually(async () => ((await ledger(email)).available === '25.00' ? true : undefined), 15_000, 'the credit back');
    expect((await ledger(email)).reserved).toBe('0.00');
  });

  it('answers a retry sent while the first request is storing its booking with that booking, not "credit gone"', async () => {
    const email = newEmail();
    await giveCredit(email, '25.00');
    const idempotencyKey = randomUUID();
    // Two connections, as two gateways would send them (one client sends identical requests in flight once).
    const other = await connect({ servers: stack.env.vars.NATS_URL });
    try {
      const booking = ride(email, { benefits: { freeRide: false, credit: '25.00' } });
      const send = (client: RpcClient) => client.request(bookingRpc.create, { booking, account: { email }, idempotencyKey });
      const [first, retry] = await Promise.all([send(rpc), send(new RpcClient(other, { prefix: stack.env.id, timeoutMs: 10_000 }))]);
      expect(retry.booking.id).toBe(first.booking.id);
      expect([first.replayed, retry.replayed].sort()).toEqual([false, true]);
    } finally {
      await other.close();
    }
    await eventually(async () => ((await ledger(email)).reserved === '25.00' ? true : undefined), 10_000, 'one hold');
    expect((await ledger(email)).available).toBe('0.00');
  });

  it('keeps the hold when the connection is lost as the booking is stored (it may be stored: the sweep settles it), and gives it back on any other failure', async () => {
    const db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
    // The insert of these emails' bookings fails as a connection terminated by the server does (SQLSTATE 57P01), or with a plain error.
    await db.query(`CREATE OR REPLACE FUNCTION booking.fail_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email LIKE 'cut-%' THEN RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01'; END IF;
        IF NEW.email LIKE 'broken-%' THEN RAISE EXCEPTION 'something else went wrong' USING ERRCODE = 'P0001'; END IF;
        RETURN NEW;
      END $$`);
    await db.query(`CREATE TRIGGER fail_insert BEFORE INSERT ON booking.bookings FOR EACH ROW EXECUTE FUNCTION booking.fail_insert()`);
    try {
      const claim = { freeRide: false, credit: '25.00' };
      const cut = `cut-${newEmail()}`;
      await giveCredit(cut, '25.00');
      await expect(rpc.request(bookingRpc.create, { booking: ride(cut, { benefits: claim }), account: { email: cut } })).rejects.toMatchObject({ status: 503 });
      expect(await ledger(cut)).toMatchObject({ available: '0.00', reserved: '25.00' });

      const broken = `broken-${newEmail()}`;
      await giveCredit(broken, '25.00');
      await expect(rpc.request(bookingRpc.create, { booking: ride(broken, { benefits: claim }), account: { email: broken } })).rejects.toMatchObject({ status: 500 });
      expect(await ledger(broken)).toMatchObject({ available: '25.00', reserved: '0.00' });
    } finally {
      await db.query(`DROP TRIGGER IF EXISTS fail_insert ON booking.bookings`);
      await db.end();
    }
  });

  it('stores no booking or trip whose credit was held more than 5 minutes before its insert: gives the credit back and answers 503, to be tried again', async () => {
    const stalled = stallAfterEachHold(CustomerBenefits, STORE_HOLDS_WITHIN_MS + 1);
    const db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
    const storedFor = async (email: string) => (await db.query(`SELECT count(*)::int AS n FROM booking.bookings WHERE email = $1`, [email])).rows[0].n as number;
    try {
      const email = newEmail();
      await giveCredit(email, '500.00');
      const refused = { status: 503, message: BENEFITS_MESSAGES.reserveFailed };
      const single = { booking: ride(email, { benefits: { freeRide: false, credit: '25.00' } }), account: { email }, idempotencyKey: randomUUID() };
      await expect(rpc.request(bookingRpc.create, single).catch(statusOf)).resolves.toEqual(refused);
      const trip = { ...ride(email), returnTrip: { pickupDate: addDays(businessToday(), 4), pickupTime: '18:00' } };
      const quoted = await rpc.request(bookingRpc.quote, { ride: { ...quoteOf(ride(email)), returnTrip: trip.returnTrip }, account: { email } });
      const tripClaim = { freeRide: false, credit: (Number(quoted.quote.credit) + Number(quoted.returnQuote!.credit)).toFixed(2) };
      await expect(rpc.request(bookingRpc.createTrip, { booking: { ...trip, benefits: tripClaim }, account: { email } }).catch(statusOf)).resolves.toEqual(refused);
      expect(stalled.reserve).toHaveBeenCalledTimes(3);
      expect(await storedFor(email)).toBe(0);
      expect(await ledger(email)).toMatchObject({ available: '500.00', reserved: '0.00' });

      // Tried again with its key (not taken by the refusal), a minute within the bound: stored.
      stalled.stall.ms = STORE_HOLDS_WITHIN_MS - 60_000;
      const { booking, replayed } = await rpc.request(bookingRpc.create, single);
      expect({ replayed, held: booking.benefitsReservationId }).toEqual({ replayed: false, held: expect.any(String) });
      expect(await storedFor(email)).toBe(1);
      expect(await ledger(email)).toMatchObject({ available: '475.00', reserved: '25.00' });
    } finally {
      stalled.restore();
      await db.end();
    }
  });

  it('stores no booking whose credit’s time runs out while its insert waits in the database: Postgres cancels it, gives the credit back and answers 503; a guest’s booking waiting beside it is stored', async () => {
    // Three seconds left when the booking reaches its insert, as if the process had stalled after the hold.
    const stalled = stallAfterEachHold(CustomerBenefits, STORE_HOLDS_WITHIN_MS - 3_000);
    const db = new pg.Client({ connectionString: stack.env.databaseUrl });
    const locker = new pg.Client({ connectionString: stack.env.databaseUrl });
    await Promise.all([db.connect(), locker.connect()]);
    try {
      const email = newEmail();
      const guest = `guest-${newEmail()}`;
      await giveCredit(email, '25.00');
      // Every insert into bookings waits until this transaction ends, as behind a stalled database.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE booking.bookings IN SHARE MODE');
      const held = rpc.request(bookingRpc.create, { booking: ride(email, { benefits: { freeRide: false, credit: '25.00' } }), account: { email } }).catch(statusOf);
      const plain = rpc.request(bookingRpc.create, { booking: ride(guest) }).catch(statusOf);
      await expect(held).resolves.toEqual({ status: 503, message: BENEFITS_MESSAGES.reserveFailed });
      await locker.query('ROLLBACK');
      await expect(plain).resolves.toMatchObject({ booking: { email: guest }, replayed: false });
      const stored = await db.query(`SELECT email FROM booking.bookings WHERE email = ANY($1)`, [[email, guest]]);
      expect(stored.rows).toEqual([{ email: guest }]);
      expect(await ledger(email)).toMatchObject({ available: '25.00', reserved: '0.00' });
    } finally {
      stalled.restore();
      await locker.end();
      await db.end();
    }
  });

  it('restores a cancelled booking without the credit its cancellation gave back, so it is not spent twice', async () => {
    const email = newEmail();
    await giveCredit(email, '25.00');
    const { booking } = await rpc.request(bookingRpc.create, { booking: ride(email, { benefits: { freeRide: false, credit: '25.00' } }), account: { email } });
    await rpc.request(bookingRpc.update, { id: booking.id, changes: { status: 'cancelled', statusReason: 'Plans changed' }, actor: ADMIN });
    await eventually(async () => ((await ledger(email)).available === '25.00' ? true : undefined), 15_000, 'the credit back');
    const restored = await rpc.request(bookingRpc.update, { id: booking.id, changes: { status: 'confirmed' }, actor: ADMIN });
    expect(restored.totalAmount).toBe((Number(booking.totalAmount) + 25).toFixed(2));
    expect(restored.price.credit).toBeUndefined();
    expect((await ledger(email)).available).toBe('25.00');
  });

  it("keeps a round trip's return leg's credit when its outbound is cancelled and the return is priced alone", async () => {
    const email = newEmail();
    await giveCredit(email, '500.00');
    const trip = { ...ride(email), returnTrip: { pickupDate: addDays(businessToday(), 4), pickupTime: '18:00' } };
    const quoted = await rpc.request(bookingRpc.quote, { ride: { ...quoteOf(ride(email)), returnTrip: trip.returnTrip }, account: { email } });
    const claim = { freeRide: false, credit: (Number(quoted.quote.credit) + Number(quoted.returnQuote!.credit)).toFixed(2) };
    const made = await rpc.request(bookingRpc.createTrip, { booking: { ...trip, benefits: claim }, account: { email } });
    expect([made.booking.totalAmount, made.returnBooking.totalAmount]).toEqual(['0.00', '0.00']);
    await rpc.request(bookingRpc.update, { id: made.booking.id, changes: { status: 'cancelled', statusReason: 'Plans changed' }, actor: ADMIN });
    const back = await rpc.request(bookingRpc.list, { q: made.returnBooking.reference } as never);
    const alone = (back as { items: { id: number; totalAmount: string; price: { credit?: string } }[] }).items.find((b) => b.id === made.returnBooking.id)!;
    // Priced alone (no Roundtrip Relax): the credit it holds still comes off (the hold cannot grow: the lost discount is due).
    expect(alone.price.credit).toBe(made.returnBooking.price.credit);
    expect(Number(alone.totalAmount)).toBeGreaterThan(0);
  });

  it('refuses a claim from a guest or for another email, and a free ride on a ride that is not an airport’s', async () => {
    const email = newEmail();
    const claim = { freeRide: false, credit: '5.00' };
    await expect(rpc.request(bookingRpc.create, { booking: ride(email, { benefits: claim }) }).catch(statusOf)).resolves.toEqual({ status: 400, message: BENEFITS_MESSAGES.signedOut });
    await expect(rpc.request(bookingRpc.create, { booking: ride(email, { benefits: claim }), account: { email: newEmail() } }).catch(statusOf)).resolves.toEqual({ status: 400, message: BENEFITS_MESSAGES.otherEmail });
    const notAirport = ride(email, { pickupLocation: SANTA_MONICA, dropoffLocation: 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210', benefits: { freeRide: true, credit: '0.00' } });
    await expect(rpc.request(bookingRpc.create, { booking: notAirport, account: { email } }).catch(statusOf)).resolves.toEqual({ status: 400, message: BENEFITS_MESSAGES.notAirport });
    // Nothing was held for any of them.
    expect(await ledger(email)).toMatchObject({ available: '0.00', reserved: '0.00' });
  });

  it('stores the referral code the booking came with, for the customers service to read', async () => {
    const { booking } = await rpc.request(bookingRpc.create, { booking: ride(newEmail(), { referralCode: 'abcd2345' }) });
    expect(booking.referralCode).toBe('ABCD2345');
  });
});
