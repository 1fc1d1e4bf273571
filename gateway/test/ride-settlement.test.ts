import pg from 'pg';
import request from 'supertest';
import { businessToday, fromCents, toCents, type AdminNotifications, type Booking, type DriverRevenueReport, type RevenueSummary } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, signedInDriver, type DriverAgent } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox.js';
import { eventually } from '../../tests/support/stack.js';

/*
 * The final price (issue 34, decisions.md "Airport rides"): after the drop-off the driver adds
 * extras, the ride is settled at quote + measured wait + extras, an admin approves or adjusts it
 * with a reason, the customer gets a receipt, and revenue and the driver's earnings count the
 * final amount to the cent, moving when an admin adjusts it.
 */

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const HOTEL = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';
const SHARE = 60;

describe('the final price of a ride', () => {
  let inbox: SmtpInbox;
  let db: pg.Client;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  const stack = withStack(
    () => ({
      services: ['fleet', 'booking', 'drivers', 'reporting', 'notifications'],
      env: { SMTP_URL: inbox.url, EXTRA_CHARGE_CAP: '150', DRIVER_BASE_SHARE_PERCENT: String(SHARE) },
    }),
    { beforeStop: async () => void (await db?.end()) },
  );
  afterAll(() => inbox?.close());
  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });

  const admin = () => adminAuth(stack);
  const status = (agent: DriverAgent, id: number, body: Record<string, unknown>) => agent.put(`/api/bookings/${id}/driver-status`).send(body);
  const bookingOf = async (id: number) => ((await request(stack.baseUrl).get('/api/bookings').set('Authorization', admin()).expect(200)).body as Booking[]).find((b) => b.id === id)!;
  const review = (id: number, body: Record<string, unknown>) => request(stack.baseUrl).post(`/api/admin/bookings/${id}/settlement`).set('Authorization', admin()).send(body);

  /** A ride driven to the drop-off; its pickup backdated so the passenger came out `waitedMinutes` after the driver arrived. */
  async function droppedOff(daysAhead: number, waitedMinutes: number | null, over: Record<string, unknown> = {}) {
    const booking = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, meetGreet: false, ...over }, daysAhead);
    const { agent, driver } = await signedInDriver(stack);
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);
    await status(agent, booking.id, { driverStatus: 'en-route' }).expect(200);
    if (waitedMinutes !== null) {
      await status(agent, booking.id, { driverStatus: 'arrived' }).expect(200);
      const local = `date_bin('30 minutes', (now() AT TIME ZONE 'America/Los_Angeles') - make_interval(mins => $2), timestamp '2000-01-01')`;
      // The pickup time a few minutes before the arrival, so the wait counts from the arrival.
      await db.query(
        `UPDATE booking.bookings SET pickup_date = (${local})::date, pickup_time = to_char(${local}, 'HH24:MI'), arrived_at = now() - make_interval(secs => $3) WHERE id = $1`,
        [booking.id, waitedMinutes + 35, (waitedMinutes - 0.5) * 60],
      );
    }
    await status(agent, booking.id, { driverStatus: 'picked-up' }).expect(200);
    await status(agent, booking.id, { driverStatus: 'dropped-off' }).expect(200);
    return { booking, agent, driver };
  }

  const revenueToday = async () => ((await request(stack.baseUrl).get('/api/admin/revenue/summary').set('Authorization', admin()).expect(200)).body as RevenueSummary).today.totalRevenue;
  const earningsToday = async (agent: DriverAgent) => {
    const [year, month] = businessToday().split('-').map(Number);
    return ((await agent.get(`/api/drivers/current/revenue/monthly?month=${month}&year=${year}`).expect(200)).body as DriverRevenueReport).totals.earnings;
  };
  /** The quote's share of a booking for its driver: 60% of base + add-ons, half up, plus the gratuity. */
  const quoteShare = (b: Booking) => Math.floor(((toCents(b.price.base) + toCents(b.price.addOns)) * SHARE + 50) / 100) + toCents(b.price.gratuity);

  it('settles a 75-minute airport wait and the driver’s extras, moves revenue and earnings exactly when adjusted, and sends the receipts', async () => {
    const revenueBefore = toCents(await revenueToday());
    const { booking, agent } = await droppedOff(3, 75);
    const waited = await bookingOf(booking.id);
    expect(waited.wait).toMatchObject({ minutes: 75, freeMinutes: 60, chargedMinutes: 15 });
    const waitCharge = toCents(waited.wait!.charge);
    expect(waitCharge).toBeGreaterThan(0);

    const extras = [
      { kind: 'tolls', amount: '7.25', note: '' },
      { kind: 'parking', amount: '12', note: 'LAX structure P3' },
      { kind: 'extra-stop', amount: '20.01', note: 'Pharmacy on Wilshire' },
    ];
    await status(agent, booking.id, { driverStatus: 'completed', extras }).expect(200);
    const settled = await bookingOf(booking.id);
    const extrasCents = 725 + 1200 + 2001;
    const finalCents = toCents(booking.totalAmount) + waitCharge + extrasCents;
    expect(settled.settlement).toMatchObject({
      status: 'to-review',
      quote: booking.totalAmount,
      wait: waited.wait!.charge,
      extras: [extras[0], { ...extras[1], amount: '12.00' }, extras[2]],
      extrasTotal: fromCents(extrasCents),
      finalAmount: fromCents(finalCents),
      reviewedAt: null,
    });
    // The driver: the quote's share, 60% of the wait and of the extra stop, tolls and parking whole.
    const earned = quoteShare(booking) + Math.floor((waitCharge * 60 + 50) / 100) + 725 + 1200 + Math.floor((2001 * 60 + 50) / 100);
    expect(settled.driverEarnings).toBe(fromCents(earned));
    await eventually(async () => toCents(await revenueToday()) === revenueBefore + finalCents, 10_000, 'revenue to count the final amount');
    await eventually(async () => (await earningsToday(agent)) === fromCents(earned), 10_000, 'the driver’s earnings to count the extras');
    // Nothing goes to the customer before the review.
    expect(inbox.to(booking.email).filter((m) => m.subject.includes('eceipt'))).toHaveLength(0);
    // The admin's bell lists it until it is reviewed.
    const toReview = async () => ((await request(stack.baseUrl).get('/api/admin/notifications').set('Authorization', admin()).expect(200)).body as AdminNotifications).settlements;
    expect(await toReview()).toEqual(expect.arrayContaining([{ bookingId: booking.id, reference: booking.reference, finalAmount: fromCents(finalCents), completedAt: expect.any(String) }]));

    // The admin takes the parking off (validated) and waives half the wait, with a reason.
    const halfWait = fromCents(Math.floor(waitCharge / 2));
    const adjusted = (await review(booking.id, { decision: 'adjust', wait: halfWait, extras: [extras[0], extras[2]], reason: 'Parking was validated; half the wait waived' }).expect(200)).body as Booking;
    const adjustedFinal = toCents(booking.totalAmount) + Math.floor(waitCharge / 2) + 725 + 2001;
    expect(adjusted.settlement).toMatchObject({ status: 'approved', finalAmount: fromCents(adjustedFinal), adjustmentReason: 'Parking was validated; half the wait waived', reviewedBy: expect.any(String) });
    const adjustedEarned = quoteShare(booking) + Math.floor((Math.floor(waitCharge / 2) * 60 + 50) / 100) + 725 + Math.floor((2001 * 60 + 50) / 100);
    expect(adjusted.driverEarnings).toBe(fromCents(adjustedEarned));
    await eventually(async () => toCents(await revenueToday()) === revenueBefore + adjustedFinal, 10_000, 'revenue to follow the adjustment');
    await eventually(async () => !(await toReview()).some((r) => r.bookingId === booking.id), 10_000, 'the bell to drop the reviewed ride');
    await eventually(async () => (await earningsToday(agent)) === fromCents(adjustedEarned), 10_000, 'the earnings to follow the adjustment');

    const receipt = await eventually(() => inbox.to(booking.email).find((m) => m.subject === `Receipt for your ride ${booking.reference}`), 10_000, 'the receipt');
    expect(receipt.body).toContain(`$${fromCents(adjustedFinal)}`);
    expect(receipt.body).toContain('75 min (60 free, 15 charged)');
    expect(receipt.body).toContain('Pharmacy on Wilshire');
    expect(receipt.body).toContain(booking.reference);
    expect(receipt.body).not.toContain('LAX structure P3');

    // Approving again is refused; a further adjustment sends a corrected receipt.
    const again = await review(booking.id, { decision: 'approve' }).expect(409);
    expect(again.body.message).toMatch(/already approved/);
    await review(booking.id, { decision: 'adjust', wait: halfWait, extras: [extras[2]], reason: 'Tolls were on the company pass' }).expect(200);
    await eventually(() => inbox.to(booking.email).find((m) => m.subject === `Corrected receipt for your ride ${booking.reference}`), 10_000, 'the corrected receipt');
    const timeline = (await request(stack.baseUrl).get(`/api/admin/bookings/${booking.id}/timeline`).set('Authorization', admin()).expect(200)).body as { detail: string | null }[];
    expect(timeline.map((t) => t.detail)).toEqual(expect.arrayContaining([`Final price adjusted from $${fromCents(adjustedFinal)} to $${fromCents(adjustedFinal - 725)}: Tolls were on the company pass`]));
  });

  it('approves a ride settled at its quote and sends the receipt once', async () => {
    const { booking, agent } = await droppedOff(4, null);
    await status(agent, booking.id, { driverStatus: 'completed' }).expect(200);
    const settled = await bookingOf(booking.id);
    expect(settled.settlement).toMatchObject({ status: 'to-review', wait: '0.00', extras: [], finalAmount: booking.totalAmount });
    expect(settled.driverEarnings).toBe(fromCents(quoteShare(booking)));
    const approved = (await review(booking.id, { decision: 'approve', version: settled.version }).expect(200)).body as Booking;
    expect(approved.settlement).toMatchObject({ status: 'approved', adjustmentReason: null });
    const receipt = await eventually(() => inbox.to(booking.email).find((m) => m.subject === `Receipt for your ride ${booking.reference}`), 10_000, 'the receipt');
    expect(receipt.body).toContain(`$${booking.totalAmount}`);
    // A review made against the version before the approval is stale.
    await review(booking.id, { decision: 'adjust', wait: '0.00', extras: [], reason: 'x', version: settled.version }).expect(409);
  });

  it('refuses bad extras, a settlement by another driver and two completions at once, writing nothing', async () => {
    const { booking, agent } = await droppedOff(5, null);
    const bad = [
      [{ kind: 'tolls', amount: '-5.00', note: '' }],
      [{ kind: 'tolls', amount: '0', note: '' }],
      [{ kind: 'tips', amount: '5.00', note: '' }],
      [{ kind: 'parking', amount: '150.01', note: '' }],
      [{ kind: 'parking', amount: '12.345', note: '' }],
      Array.from({ length: 11 }, () => ({ kind: 'tolls', amount: '1.00', note: '' })),
    ];
    for (const extras of bad) {
      const res = await status(agent, booking.id, { driverStatus: 'completed', extras });
      expect([res.status, res.body.message]).toEqual([400, expect.any(String)]);
    }
    await status(agent, booking.id, { driverStatus: 'dropped-off', extras: [{ kind: 'tolls', amount: '5.00' }] }).expect(400);
    const other = await signedInDriver(stack);
    const foreign = await status(other.agent, booking.id, { driverStatus: 'completed', extras: [{ kind: 'tolls', amount: '5.00' }] });
    expect([403, 404, 409]).toContain(foreign.status);
    expect((await bookingOf(booking.id))).toMatchObject({ status: 'in-progress', settlement: null, driverEarnings: null });

    // Two completions at once: one settles, the other is told it cannot move.
    const both = await Promise.all([
      status(agent, booking.id, { driverStatus: 'completed', extras: [{ kind: 'tolls', amount: '5.00' }] }),
      status(agent, booking.id, { driverStatus: 'completed', extras: [{ kind: 'parking', amount: '9.00' }] }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const settled = await bookingOf(booking.id);
    expect(settled.settlement!.extras).toHaveLength(1);

    // The admin's review: only of a settled ride, a reason for an adjustment, the cap holds.
    const pending = await book(stack, {}, 6);
    await review(pending.id, { decision: 'approve' }).expect(409);
    await review(booking.id, { decision: 'adjust', wait: '0.00', extras: [] }).expect(400);
    await review(booking.id, { decision: 'adjust', wait: '0.00', extras: [], reason: '   ' }).expect(400);
    await review(booking.id, { decision: 'adjust', wait: '-1.00', extras: [], reason: 'x' }).expect(400);
    await review(booking.id, { decision: 'adjust', wait: '0.00', extras: [{ kind: 'parking', amount: '151.00' }], reason: 'x' }).expect(400);
    await review(booking.id, { decision: 'maybe' }).expect(400);
    await request(stack.baseUrl).post(`/api/admin/bookings/${booking.id}/settlement`).send({ decision: 'approve' }).expect(401);
    await agent.post(`/api/admin/bookings/${booking.id}/settlement`).send({ decision: 'approve' }).expect(401);
    expect((await bookingOf(booking.id)).settlement).toMatchObject({ status: 'to-review', finalAmount: settled.settlement!.finalAmount });
  });

  it('settles a ride the admin completes, and unsettles it when taken out of completed', async () => {
    const { booking } = await droppedOff(7, 20);
    const completed = (await request(stack.baseUrl).patch(`/api/bookings/${booking.id}`).set('Authorization', admin()).send({ status: 'completed', statusReason: 'Driver’s phone died' }).expect(200)).body as Booking;
    expect(completed.settlement).toMatchObject({ status: 'to-review', wait: '0.00', finalAmount: booking.totalAmount });
    const reopened = (await request(stack.baseUrl).patch(`/api/bookings/${booking.id}`).set('Authorization', admin()).send({ status: 'confirmed', statusReason: 'Completed by mistake' }).expect(200)).body as Booking;
    expect(reopened.settlement).toBeNull();
  });
});
