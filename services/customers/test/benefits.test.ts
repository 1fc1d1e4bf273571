import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Job } from 'bullmq';
import type { JobTrace } from '@limo/service-runtime';
import fc from 'fast-check';
import pg from 'pg';
import { addDays, BENEFITS_MESSAGES, bookingRpc, BookingRequest, businessToday, CREDIT_MESSAGES, customersRpc, fromCents, toCents, type BookingSnapshot } from '@limo/contracts';
import { BenefitReservations } from '../src/benefits/benefit-reservations.use-case.js';
import { StoredBookings, UNBOUND_HOLD_MS } from '../src/stored-bookings.js';
import { WriteOffExpired } from '../src/credits/write-off-expired.use-case.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { HousekeepingWorker } from '../src/housekeeping/housekeeping.jobs.js';
import { withCustomersStack } from './booking-events.support.js';
import { eventually } from '../../../tests/support/stack.js';

/**
 * A signed-in customer's free ride and credit held for a booking (issue 36): reserved by the
 * booking service before it stores the booking, bound by the booking's `created` event, released
 * when it is cancelled (or never stored), spent when it is completed. Synthetic booking events go
 * straight onto the stream, as in loyalty-counting.test.ts.
 */
describe('Benefits: reservations of free rides and credit for bookings', () => {
  const { stack, rpc, db, newEmail, aBooking, moved, created, statusChange, publish } = withCustomersStack(['fleet', 'booking', 'customers']);

  const admin = { kind: 'admin' as const, id: 1, name: 'Dana' };
  const giveCredit = (email: string, amount: string) => rpc().request(customersRpc.adjustCredit, { email, amount, reason: 'Goodwill after a late pickup', actor: admin });
  /** A Next One's on Us reward as five counted rides would earn it (loyalty-counting.test.ts shows the earning). */
  const giveFreeRide = async (email: string, expiresInDays = 180, threshold = 5) => {
    await db().query(
      `INSERT INTO customers.loyalty_rewards (email, threshold, source_booking_id, earned_at, expires_at) VALUES ($1, $2, 1, now() - interval '1 day', now() + make_interval(days => $3))`,
      [email, threshold, expiresInDays],
    );
  };
  const benefits = (email: string) => rpc().request(customersRpc.benefits, { email });
  const reserve = (email: string, claim: { freeRide: boolean; credit: string }, reservationId: string = randomUUID()) =>
    rpc().request(customersRpc.reserveBenefits, { email, reservationId, claim }).then(() => reservationId);
  const ledger = (email: string) => rpc().request(customersRpc.creditLedger, { email });
  const reservation = async (id: string) => (await db().query(`SELECT booking_id, status FROM customers.benefit_reservations WHERE id = $1`, [id])).rows[0];
  const rewardsOf = async (email: string) =>
    (await db().query(`SELECT reservation_id, redeemed_booking_id FROM customers.loyalty_rewards WHERE email = $1 ORDER BY expires_at`, [email])).rows;
  const gone = { status: 409, message: BENEFITS_MESSAGES.gone };

  it('answers the free ride expiring first and the credit available', async () => {
    const email = newEmail();
    expect(await benefits(email)).toEqual({ freeRide: null, credit: '0.00' });
    await giveFreeRide(email, 100, 10);
    await giveFreeRide(email, 30, 5);
    await giveCredit(email, '10.00');
    await giveCredit(email, '2.50');
    const answer = await benefits(email);
    expect(answer.credit).toBe('12.50');
    const soonest = (await db().query(`SELECT min(expires_at) AS at FROM customers.loyalty_rewards WHERE email = $1`, [email])).rows[0].at as Date;
    expect(answer.freeRide).toEqual({ expiresAt: soonest.toISOString() });
  });

  it('holds a claim all or nothing, and the same reservation id twice holds once', async () => {
    const email = newEmail();
    await giveFreeRide(email);
    await giveCredit(email, '15.00');
    // More credit than there is: nothing held, not even the free ride.
    await expect(reserve(email, { freeRide: true, credit: '15.01' })).rejects.toMatchObject(gone);
    expect(await benefits(email)).toMatchObject({ credit: '15.00', freeRide: expect.anything() });

    const id = await reserve(email, { freeRide: true, credit: '12.00' });
    await reserve(email, { freeRide: true, credit: '12.00' }, id);
    expect(await benefits(email)).toEqual({ freeRide: null, credit: '3.00' });
    expect(await ledger(email)).toMatchObject({ available: '3.00', reserved: '12.00' });
    expect((await ledger(email)).entries.filter((entry) => entry.kind === 'reserved')).toHaveLength(1);
    // No free ride left for another booking.
    await expect(reserve(email, { freeRide: true, credit: '0.00' })).rejects.toMatchObject(gone);
  });

  it('holds credit alone all or nothing from the grants expiring first, and the same reservation id twice holds once', async () => {
    const email = newEmail();
    await giveCredit(email, '4.00');
    await giveCredit(email, '6.00');
    await expect(reserve(email, { freeRide: false, credit: '10.01' })).rejects.toMatchObject(gone);
    expect(await ledger(email)).toMatchObject({ available: '10.00', reserved: '0.00' });

    const id = await reserve(email, { freeRide: false, credit: '7.50' });
    await reserve(email, { freeRide: false, credit: '7.50' }, id);
    expect(await ledger(email)).toMatchObject({ available: '2.50', reserved: '7.50' });
    expect((await ledger(email)).entries.filter((entry) => entry.kind === 'reserved')).toMatchObject([{ amount: '-7.50' }]);
    const holds = await db().query(`SELECT amount::text FROM customers.credit_holds WHERE reservation_id = $1 ORDER BY grant_id`, [id]);
    expect(holds.rows).toEqual([{ amount: '4.00' }, { amount: '3.50' }]);
    // Nothing claimed holds nothing, and writes no entry.
    await reserve(email, { freeRide: false, credit: '0.00' });
    expect((await ledger(email)).entries.filter((entry) => entry.kind === 'reserved')).toHaveLength(1);
  });

  it('gives exactly one of two bookings made at once the same credit and free ride', async () => {
    const email = newEmail();
    await giveCredit(email, '10.00');
    await giveFreeRide(email);
    const outcomes = await Promise.allSettled([reserve(email, { freeRide: false, credit: '10.00' }), reserve(email, { freeRide: false, credit: '10.00' })]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: gone });

    const rides = await Promise.allSettled([reserve(email, { freeRide: true, credit: '0.00' }), reserve(email, { freeRide: true, credit: '0.00' })]);
    expect(rides.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(rides.find((o) => o.status === 'rejected')).toMatchObject({ reason: gone });
    expect(await ledger(email)).toMatchObject({ available: '0.00', reserved: '10.00' });
  });

  it('hands back a reservation whose booking was not stored, at once or after 15 minutes unbound', async () => {
    const email = newEmail();
    await giveCredit(email, '20.00');
    await giveFreeRide(email);
    const first = await reserve(email, { freeRide: true, credit: '5.00' });
    await rpc().request(customersRpc.releaseBenefits, { reservationId: first });
    await rpc().request(customersRpc.releaseBenefits, { reservationId: first });
    await rpc().request(customersRpc.releaseBenefits, { reservationId: randomUUID() });
    expect(await benefits(email)).toMatchObject({ credit: '20.00', freeRide: expect.anything() });
    expect((await ledger(email)).entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['released', '5.00'],
      ['reserved', '-5.00'],
      ['adjusted', '20.00'],
    ]);

    const second = await reserve(email, { freeRide: true, credit: '7.00' });
    const housekeeping = stack.services.customers!.app.get(BenefitReservations);
    await housekeeping.releaseUnbound(new Date(Date.now() + UNBOUND_HOLD_MS - 60_000));
    expect(await reservation(second)).toMatchObject({ status: 'held' });
    await housekeeping.releaseUnbound(new Date(Date.now() + UNBOUND_HOLD_MS + 60_000));
    expect(await reservation(second)).toMatchObject({ status: 'released' });
    expect(await benefits(email)).toMatchObject({ credit: '20.00', freeRide: expect.anything() });
  });

  it('releases unbound reservations and writes off expired credit in the housekeeping job', async () => {
    const email = newEmail();
    await giveCredit(email, '9.00');
    const stale = await reserve(email, { freeRide: false, credit: '4.00' });
    const fresh = await reserve(email, { freeRide: false, credit: '1.00' });
    await db().query(`UPDATE customers.benefit_reservations SET created_at = now() - interval '16 minutes' WHERE id = $1`, [stale]);
    const job = { name: 'tidy-benefits', data: {} } as Job<JobTrace>;
    const done = (await stack.services.customers!.app.get(HousekeepingWorker).process(job)) as { released: number };
    expect(done.released).toBeGreaterThanOrEqual(1);
    expect(await reservation(stale)).toMatchObject({ status: 'released' });
    expect(await reservation(fresh)).toMatchObject({ status: 'held' });
    expect(await ledger(email)).toMatchObject({ available: '8.00', reserved: '1.00' });
  });

  it('binds an unbound reservation that a stored booking names (its created event late) instead of releasing it, and releases nothing while the booking service cannot say', async () => {
    const email = newEmail();
    await giveCredit(email, '30.00');
    const { booking } = await rpc().request(bookingRpc.create, {
      booking: BookingRequest.parse({
        tripType: 'one-way',
        pickupDate: addDays(businessToday(), 3),
        pickupTime: '10:00',
        pickupLocation: 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045',
        dropoffLocation: 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401',
        vehicleId: 1,
        firstName: 'Ada',
        lastName: 'Late',
        email,
        phone: '(310) 555-0100',
        paymentMethod: 'phone-card',
        benefits: { freeRide: false, credit: '25.00' },
      }),
      account: { email },
    });
    const held = await eventually(async () => (await db().query(`SELECT id FROM customers.benefit_reservations WHERE booking_id = $1`, [booking.id])).rows[0]?.id as string);
    // As if the customers service (or JetStream) had been down since: its `created` event not applied yet.
    await db().query(`UPDATE customers.benefit_reservations SET booking_id = NULL, created_at = created_at - interval '16 minutes' WHERE id = $1`, [held]);
    const other = newEmail();
    await giveCredit(other, '5.00');
    const neverStored = await reserve(other, { freeRide: false, credit: '5.00' });
    await db().query(`UPDATE customers.benefit_reservations SET created_at = now() - interval '16 minutes' WHERE id = $1`, [neverStored]);

    const housekeeping = stack.services.customers!.app.get(BenefitReservations);
    await stack.stopService('booking');
    try {
      expect(await housekeeping.releaseUnbound()).toBe(0);
      expect(await reservation(neverStored)).toMatchObject({ status: 'held' });
    } finally {
      await stack.startService('booking');
    }
    expect(await housekeeping.releaseUnbound()).toBe(1);
    expect(await reservation(held)).toEqual({ booking_id: booking.id, status: 'held' });
    expect(await ledger(email)).toMatchObject({ available: '5.00', reserved: '25.00' });
    expect(await reservation(neverStored)).toMatchObject({ status: 'released' });
    expect(await ledger(other)).toMatchObject({ available: '5.00', reserved: '0.00' });
  });

  it('counts only the reservations the sweep gave back: not one bound by its late event, nor one the booking service released, after it asked about them', async () => {
    const housekeeping = stack.services.customers!.app.get(BenefitReservations);
    await housekeeping.releaseUnbound();
    const email = newEmail();
    await giveCredit(email, '9.00');
    const [neverStored, boundMeanwhile, releasedMeanwhile] = [await reserve(email, { freeRide: false, credit: '1.00' }), await reserve(email, { freeRide: false, credit: '2.00' }), await reserve(email, { freeRide: false, credit: '3.00' })];
    await db().query(`UPDATE customers.benefit_reservations SET created_at = now() - interval '16 minutes' WHERE email = $1`, [email]);
    // Between the booking service's answer (none of them stored) and the release: one's `created` event binds it, another is handed back.
    const sort = StoredBookings.prototype.sort;
    const asked = jest.spyOn(StoredBookings.prototype, 'sort').mockImplementationOnce(async function (this: StoredBookings, holds) {
      const sorted = await sort.call(this, holds);
      await db().query(`UPDATE customers.benefit_reservations SET booking_id = 424242 WHERE id = $1`, [boundMeanwhile]);
      await rpc().request(customersRpc.releaseBenefits, { reservationId: releasedMeanwhile });
      return sorted;
    });
    try {
      expect(await housekeeping.releaseUnbound()).toBe(1);
      expect(asked.mock.calls[0][0].map((hold) => hold.id).sort()).toEqual([neverStored, boundMeanwhile, releasedMeanwhile].sort());
    } finally {
      asked.mockRestore();
    }
    expect(await reservation(neverStored)).toMatchObject({ status: 'released' });
    expect(await reservation(boundMeanwhile)).toEqual({ booking_id: 424242, status: 'held' });
    expect(await reservation(releasedMeanwhile)).toMatchObject({ status: 'released' });
    expect(await ledger(email)).toMatchObject({ available: '7.00', reserved: '2.00' });
  });

  /** A booking stored with a reservation of $8 credit and the free ride, its `created` event published. */
  async function bookedWithBenefits(): Promise<{ email: string; booking: BookingSnapshot; reservationId: string }> {
    const email = newEmail();
    await giveCredit(email, '10.00');
    await giveFreeRide(email);
    const reservationId = await reserve(email, { freeRide: true, credit: '8.00' });
    const booking = aBooking(email, { benefitsReservationId: reservationId });
    await publish(created(booking));
    return { email, booking, reservationId };
  }

  it("binds the reservation to the booking its created event names, so housekeeping leaves it", async () => {
    const { booking, reservationId } = await bookedWithBenefits();
    expect(await reservation(reservationId)).toEqual({ booking_id: booking.id, status: 'held' });
    await stack.services.customers!.app.get(BenefitReservations).releaseUnbound(new Date(Date.now() + 2 * UNBOUND_HOLD_MS));
    expect(await reservation(reservationId)).toEqual({ booking_id: booking.id, status: 'held' });
    // The release RPC is for bookings never stored: a stored one keeps its hold.
    await rpc().request(customersRpc.releaseBenefits, { reservationId });
    expect(await reservation(reservationId)).toMatchObject({ status: 'held' });
  });

  it('binds the reservations of many created events together, and one cancelled in the same batch is released', async () => {
    const email = newEmail();
    await giveCredit(email, '9.00');
    const ids = [await reserve(email, { freeRide: false, credit: '2.00' }), await reserve(email, { freeRide: false, credit: '3.00' })];
    const bookings = ids.map((id) => aBooking(email, { benefitsReservationId: id }));
    await publish(created(bookings[0]), created(bookings[1]), statusChange(moved(bookings[1], 'cancelled'), 'pending'));
    expect(await reservation(ids[0])).toEqual({ booking_id: bookings[0].id, status: 'held' });
    expect(await reservation(ids[1])).toEqual({ booking_id: bookings[1].id, status: 'released' });
    expect(await ledger(email)).toMatchObject({ available: '7.00', reserved: '2.00' });
  });

  it('releases the credit and the free ride when the booking is cancelled, once however often the event comes', async () => {
    const { email, booking, reservationId } = await bookedWithBenefits();
    const cancelled = statusChange(moved(booking, 'cancelled'), 'pending');
    await publish(cancelled, cancelled, { ...cancelled, eventId: randomUUID() });
    expect(await reservation(reservationId)).toMatchObject({ status: 'released' });
    expect(await benefits(email)).toMatchObject({ credit: '10.00', freeRide: expect.anything() });
    const entries = (await ledger(email)).entries;
    expect(entries[0]).toMatchObject({ kind: 'released', amount: '8.00', bookingId: booking.id, reason: `Booking ${booking.reference} cancelled` });
    expect(entries.filter((entry) => entry.kind === 'released')).toHaveLength(1);
    expect(await rewardsOf(email)).toEqual([{ reservation_id: null, redeemed_booking_id: null }]);
  });

  it('spends the hold when the ride is completed, once, and keeps it spent when the ride is moved back or cancelled later', async () => {
    const { email, booking, reservationId } = await bookedWithBenefits();
    const completed = moved(moved(booking, 'confirmed'), 'completed');
    await publish(statusChange(completed), statusChange(completed));
    expect(await reservation(reservationId)).toMatchObject({ status: 'spent' });
    expect(await rewardsOf(email)).toEqual([{ reservation_id: reservationId, redeemed_booking_id: booking.id }]);
    expect(await ledger(email)).toMatchObject({ available: '2.00', reserved: '0.00' });
    const spent = (await ledger(email)).entries.filter((entry) => entry.kind === 'spent');
    expect(spent).toEqual([expect.objectContaining({ amount: '0.00', bookingId: booking.id, reason: `Booking ${booking.reference} completed` })]);

    const reopened = moved(completed, 'in-progress');
    await publish(statusChange(reopened, 'completed'), statusChange(moved(reopened, 'cancelled'), 'in-progress'));
    expect(await reservation(reservationId)).toMatchObject({ status: 'spent' });
    expect(await benefits(email)).toEqual({ freeRide: null, credit: '2.00' });
  });

  it('spends only what the ride’s final price used when an admin re-priced it lower, and gives back the rest and the free ride', async () => {
    const { email, booking, reservationId } = await bookedWithBenefits();
    // Re-priced by the admin to a ride that is not an airport's, costing less than the $8.00 held.
    const price = { fare: '3.00', vehicle: '0.00', offer: null, base: '2.48', meetGreet: '0.00', childSeats: '0.00', addOns: '0.00', serviceFee: '0.12', gratuity: '0.40', total: '0.00', credit: '3.00' };
    const completed = { ...moved(moved(booking, 'confirmed'), 'completed'), price };
    await publish(statusChange(completed), statusChange(completed));
    expect(await reservation(reservationId)).toMatchObject({ status: 'spent' });
    expect(await ledger(email)).toMatchObject({ available: '7.00', reserved: '0.00' });
    expect((await ledger(email)).entries.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'spent', amount: '0.00', bookingId: booking.id }),
      expect.objectContaining({ kind: 'released', amount: '5.00', bookingId: booking.id, reason: `Booking ${booking.reference} completed: not all the credit held was used` }),
    ]);
    expect(await rewardsOf(email)).toEqual([{ reservation_id: null, redeemed_booking_id: null }]);
    expect((await benefits(email)).freeRide).not.toBeNull();
  });

  it('shows a free ride held by a booking as used, and keeps it when a ride that earned it is taken back', async () => {
    const email = newEmail();
    const rides: BookingSnapshot[] = [];
    for (let i = 0; i < 5; i++) {
      const ride = moved(aBooking(email), 'completed');
      rides.push(ride);
      await publish(statusChange(ride));
    }
    const reservationId = await reserve(email, { freeRide: true, credit: '0.00' });
    expect((await rpc().request(customersRpc.loyalty, { email })).rewards.map((r) => r.status)).toEqual(['used']);
    await publish(statusChange(moved(rides[0], 'confirmed'), 'completed'));
    expect(await rpc().request(customersRpc.loyalty, { email })).toMatchObject({ completedAirportRides: 4, rewards: [{ status: 'used' }] });
    expect(await rewardsOf(email)).toEqual([{ reservation_id: reservationId, redeemed_booking_id: null }]);
  });

  it('lets no late, older event act: a "completed" older than the cancellation spends nothing', async () => {
    const { email, booking, reservationId } = await bookedWithBenefits();
    const completed = moved(booking, 'completed');
    const cancelled = moved(completed, 'cancelled');
    await publish(statusChange(cancelled, 'completed'), statusChange(completed));
    expect(await reservation(reservationId)).toMatchObject({ status: 'released' });
    expect(await benefits(email)).toMatchObject({ credit: '10.00' });
  });

  it('writes expired credit off, and what a released hold gives back to an expired grant expires', async () => {
    const email = newEmail();
    await giveCredit(email, '6.00');
    const held = await reserve(email, { freeRide: false, credit: '4.00' });
    // The grant is past its 12 months when the hold comes back.
    await db().query(`UPDATE customers.credit_grants SET earned_at = now() - interval '13 months', expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    expect(await benefits(email)).toMatchObject({ credit: '0.00' });
    await rpc().request(customersRpc.releaseBenefits, { reservationId: held });
    await stack.services.customers!.app.get(WriteOffExpired).execute();
    await stack.services.customers!.app.get(WriteOffExpired).execute();
    const after = await ledger(email);
    expect(after).toMatchObject({ available: '0.00', reserved: '0.00', nextExpiry: null });
    expect(after.entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['expired', '-2.00'],
      ['expired', '-4.00'],
      ['released', '4.00'],
      ['reserved', '-4.00'],
      ['adjusted', '6.00'],
    ]);
    const sum = after.entries.reduce((total, entry) => total + Math.round(Number(entry.amount) * 100), 0);
    expect(sum).toBe(0);
  });

  it('lets the admin add credit for 12 months and take it back, never below $0.00', async () => {
    const email = newEmail();
    const added = await giveCredit(email, '25.00');
    expect(added).toMatchObject({ email, available: '25.00', reserved: '0.00' });
    expect(new Date(added.nextExpiry!.at).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 1);
    expect(added.entries).toEqual([expect.objectContaining({ kind: 'adjusted', amount: '25.00', reason: 'Goodwill after a late pickup', bookingId: null })]);
    await reserve(email, { freeRide: false, credit: '20.00' });
    await expect(giveCredit(email, '-5.01')).rejects.toMatchObject({ status: 400, message: CREDIT_MESSAGES.belowZero });
    expect(await giveCredit(email, '-5.00')).toMatchObject({ available: '0.00', reserved: '20.00' });
    const actor = (await db().query(`SELECT actor FROM customers.credit_entries WHERE email = $1 AND kind = 'adjusted' ORDER BY id`, [email])).rows;
    expect(actor).toEqual([{ actor: 'admin Dana (#1)' }, { actor: 'admin Dana (#1)' }]);
    // The largest amount the contracts allow is kept exactly (past a 32-bit count of cents).
    expect(await giveCredit(email, '99999999.99')).toMatchObject({ available: '99999999.99', reserved: '20.00' });
  });

  it("makes an adjustment sent again with its Idempotency-Key once, refuses the key for another adjustment, and lets one of two at once with one key in", async () => {
    const email = newEmail();
    const withKey = (to: string, amount: string, idempotencyKey: string) =>
      rpc().request(customersRpc.adjustCredit, { email: to, amount, reason: 'Goodwill after a late pickup', actor: admin, idempotencyKey });
    const key = randomUUID();
    expect(await withKey(email, '12.00', key)).toMatchObject({ available: '12.00' });
    expect(await withKey(email, '12.00', key)).toMatchObject({ available: '12.00' });
    await expect(withKey(email, '13.00', key)).rejects.toMatchObject({ status: 409, message: CREDIT_MESSAGES.keyReused });
    await expect(withKey(newEmail(), '12.00', key)).rejects.toMatchObject({ status: 409, message: CREDIT_MESSAGES.keyReused });
    expect((await ledger(email)).entries.filter((entry) => entry.kind === 'adjusted')).toHaveLength(1);
    // Two emails' locks do not meet: held at their grant's insert until both have looked for the key, the entries' unique key decides.
    const shared = randomUUID();
    const [a, b] = [newEmail(), newEmail()];
    const gate = new pg.Client({ connectionString: stack.env.databaseUrl });
    await gate.connect();
    let both: PromiseSettledResult<unknown>[];
    try {
      await gate.query(`BEGIN; LOCK TABLE customers.credit_grants IN EXCLUSIVE MODE`);
      const racing = Promise.allSettled([withKey(a, '5.00', shared), withKey(b, '5.00', shared)]);
      await eventually(async () => (await db().query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'customers.credit_grants'::regclass`)).rows[0].n >= 2);
      await gate.query('COMMIT');
      both = await racing;
    } finally {
      await gate.end();
    }
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409, message: CREDIT_MESSAGES.keyReused } });
    const adjusted = (await db().query(`SELECT count(*)::int AS n FROM customers.credit_entries WHERE idempotency_key = $1`, [shared])).rows[0].n;
    expect(adjusted).toBe(1);
    // The previous release's gateways (no key) are still answered.
    expect(await rpc().request(customersRpc.adjustCreditV1, { email, amount: '1.00', reason: 'Goodwill after a late pickup', actor: admin })).toMatchObject({ available: '13.00' });
  });

  /**
   * The ledger's invariants in the database, through the service's own code (use cases and the
   * booking events' follower, one transaction each as the consumer runs them): whatever the order
   * of earning, taking back, reserving, releasing, cancelling, completing and expiry, no grant goes
   * below 0 (a CHECK would fail the step), the entries add up to what the grants hold, and every
   * cent granted is available, held, spent, expired or taken back by the admin.
   */
  it('keeps the ledger whole through random sequences of every move (property)', async () => {
    const app = stack.services.customers!.app;
    const reservations = app.get(BenefitReservations);
    const prisma = app.get(PrismaClient);
    const step = fc.oneof(
      fc.record({ kind: fc.constant('adjust' as const), cents: fc.integer({ min: -1500, max: 2500 }).filter((c) => c !== 0) }),
      fc.record({ kind: fc.constant('reserve' as const), cents: fc.integer({ min: 0, max: 3000 }), bind: fc.boolean() }),
      fc.record({ kind: fc.constantFrom('release' as const, 'cancel' as const, 'complete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('expire' as const), pick: fc.nat() }),
    );
    const sum = async (sql: string, email: string) => toCents((await db().query(sql, [email])).rows[0].total as string);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 15 }), async (steps) => {
        const email = newEmail('ledger');
        const made: { id: string; booking: BookingSnapshot | null }[] = [];
        for (const s of steps) {
          if (s.kind === 'adjust') await giveCredit(email, fromCents(s.cents)).catch((error: { status?: number }) => expect(error.status).toBe(400));
          else if (s.kind === 'reserve') {
            const id = await reserve(email, { freeRide: false, credit: fromCents(s.cents) }).catch((error: { status?: number }) => expect(error.status).toBe(409));
            if (!id) continue;
            const booking = s.bind ? aBooking(email, { benefitsReservationId: id }) : null;
            if (booking) await prisma.$transaction((tx) => reservations.follow(tx, booking));
            made.push({ id, booking });
          } else if (s.kind === 'expire') {
            await db().query(
              `UPDATE customers.credit_grants SET earned_at = now() - interval '13 months', expires_at = now() - interval '1 month'
               WHERE id = (SELECT id FROM customers.credit_grants WHERE email = $1 ORDER BY id OFFSET $2 LIMIT 1)`,
              [email, s.pick % 3],
            );
            await app.get(WriteOffExpired).execute();
          } else if (made.length > 0) {
            const chosen = made[s.pick % made.length];
            if (s.kind === 'release' || !chosen.booking) await rpc().request(customersRpc.releaseBenefits, { reservationId: chosen.id });
            else {
              chosen.booking = moved(chosen.booking, s.kind === 'cancel' ? 'cancelled' : 'completed');
              const next = chosen.booking;
              await prisma.$transaction((tx) => reservations.follow(tx, next));
            }
          }
        }
        const granted = await sum(`SELECT coalesce(sum(amount), 0)::text AS total FROM customers.credit_grants WHERE email = $1`, email);
        const available = await sum(`SELECT coalesce(sum(available), 0)::text AS total FROM customers.credit_grants WHERE email = $1`, email);
        const entries = await sum(`SELECT coalesce(sum(amount), 0)::text AS total FROM customers.credit_entries WHERE email = $1`, email);
        const holds = (status: string) =>
          sum(`SELECT coalesce(sum(h.amount), 0)::text AS total FROM customers.credit_holds h JOIN customers.benefit_reservations r ON r.id = h.reservation_id WHERE r.email = $1 AND r.status = '${status}'`, email);
        const expired = -(await sum(`SELECT coalesce(sum(amount), 0)::text AS total FROM customers.credit_entries WHERE email = $1 AND kind = 'expired'`, email));
        const takenBack = -(await sum(`SELECT coalesce(sum(amount), 0)::text AS total FROM customers.credit_entries WHERE email = $1 AND kind = 'adjusted' AND amount < 0`, email));
        expect(entries).toBe(available);
        expect(available + (await holds('held')) + (await holds('spent')) + expired + takenBack).toBe(granted);
        const ledgerNow = await ledger(email);
        expect(toCents(ledgerNow.available)).toBeGreaterThanOrEqual(0);
        expect(toCents(ledgerNow.reserved)).toBe(await holds('held'));
      }),
      { numRuns: 25 },
    );
  });
});

