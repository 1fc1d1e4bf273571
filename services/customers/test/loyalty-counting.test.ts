import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { bookingEvents, customersRpc, type BookingSnapshot } from '@limo/contracts';
import { CountAirportRides } from '../src/loyalty/count-airport-rides.use-case.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { HOTEL, withCustomersStack } from './booking-events.support.js';

/**
 * Next One's on Us counting (issue 36): the customers service reads the booking events through
 * its durable consumer and keeps, per email, the set of completed airport rides and the rewards
 * they earn. Synthetic booking events go straight onto the stream, as the booking service's
 * relay would publish them.
 */
describe("Next One's on Us: completed airport rides counted from the booking events", () => {
  const { stack, rpc, db, newEmail, aBooking, moved, envelope, statusChange, publish } = withCustomersStack();

  const card = (email: string) => rpc().request(customersRpc.loyalty, { email });

  /** `n` completed airport rides of the email, each created then completed. */
  async function completeRides(email: string, n: number): Promise<BookingSnapshot[]> {
    const done: BookingSnapshot[] = [];
    for (let i = 0; i < n; i++) {
      const booking = aBooking(email);
      done.push(moved(booking, 'completed'));
      await publish(envelope(bookingEvents.created, booking.id, { booking }), statusChange(done[i]));
    }
    return done;
  }

  it('counts a completed airport ride, and stops counting it when it is moved out of completed', async () => {
    const email = newEmail();
    const booking = aBooking(email);
    await publish(envelope(bookingEvents.created, booking.id, { booking }));
    expect(await card(email)).toEqual({ completedAirportRides: 0, punchCard: 0, rewards: [], vip: false });

    const completed = moved(booking, 'completed');
    await publish(statusChange(completed, 'in-progress'));
    expect(await card(email)).toMatchObject({ completedAirportRides: 1, punchCard: 1 });

    await publish(statusChange(moved(completed, 'in-progress'), 'completed'));
    expect(await card(email)).toMatchObject({ completedAirportRides: 0, punchCard: 0 });
  });

  it('does not count a cancelled ride, nor one that is cancelled after its completion', async () => {
    const email = newEmail();
    const booking = aBooking(email);
    await publish(statusChange(moved(booking, 'cancelled'), 'pending'));
    expect((await card(email)).completedAirportRides).toBe(0);

    const other = moved(aBooking(email), 'completed');
    await publish(statusChange(other));
    expect((await card(email)).completedAirportRides).toBe(1);
    await publish(statusChange(moved(other, 'cancelled'), 'completed'));
    expect((await card(email)).completedAirportRides).toBe(0);
  });

  it('counts a ride once when its event is delivered twice, under the same or another event id', async () => {
    const email = newEmail();
    const completed = statusChange(moved(aBooking(email), 'completed'));
    await publish(completed, completed, { ...completed, eventId: randomUUID() });
    expect((await card(email)).completedAirportRides).toBe(1);
    const kept = (await db().query(`SELECT booking_id, counted FROM customers.loyalty_rides WHERE email = $1`, [email])).rows;
    expect(kept).toEqual([{ booking_id: completed.data.booking.id, counted: true }]);
  });

  it('does not count a completed ride that neither starts nor ends at an airport', async () => {
    const email = newEmail();
    await publish(statusChange(moved(aBooking(email, { pickupLocation: HOTEL, dropoffLocation: 'Downtown Los Angeles' }), 'completed')));
    expect((await card(email)).completedAirportRides).toBe(0);
    // To the airport counts as much as from it.
    await publish(statusChange(moved(aBooking(email, { pickupLocation: HOTEL, dropoffLocation: 'Burbank Airport (BUR)' }), 'completed')));
    expect((await card(email)).completedAirportRides).toBe(1);
  });

  it('lets no older event undo a newer one: a late "in-progress" after "completed" changes nothing', async () => {
    const email = newEmail();
    const booking = aBooking(email);
    const started = moved(booking, 'in-progress');
    const completed = moved(started, 'completed');
    await publish(statusChange(completed, 'in-progress'), statusChange(started));
    expect((await card(email)).completedAirportRides).toBe(1);
  });

  it('lets a late or replayed "created" undo nothing, alone or in the batch of the ride\'s completion', async () => {
    const email = newEmail();
    const booking = aBooking(email);
    const completed = moved(booking, 'completed');
    const create = envelope(bookingEvents.created, booking.id, { booking });
    // Completed first, its creation late: written together in one batch, the completion's row wins.
    await publish(statusChange(completed), create);
    expect((await card(email)).completedAirportRides).toBe(1);
    await publish({ ...create, eventId: randomUUID() });
    expect((await card(email)).completedAirportRides).toBe(1);
    const row = (await db().query(`SELECT version, counted FROM customers.loyalty_rides WHERE booking_id = $1`, [booking.id])).rows;
    expect(row).toEqual([{ version: completed.version, counted: true }]);
  });

  it('counts by email whatever its case, and follows a booking whose email is changed', async () => {
    const email = newEmail();
    const completed = moved(aBooking(email.toUpperCase()), 'completed');
    await publish(statusChange(completed));
    expect((await card(email)).completedAirportRides).toBe(1);
    const other = newEmail();
    await publish(envelope(bookingEvents.updated, completed.id, { booking: { ...completed, version: completed.version + 1, email: other } }));
    expect((await card(email)).completedAirportRides).toBe(0);
    expect((await card(other)).completedAirportRides).toBe(1);
  });

  it('earns a free ride at the 5th completed airport ride, valid 6 months, and VIP from the 10th', async () => {
    const email = newEmail();
    const rides = await completeRides(email, 5);
    const five = await card(email);
    expect(five).toMatchObject({ completedAirportRides: 5, punchCard: 5, vip: false });
    const fifth = rides[4];
    expect(five.rewards).toEqual([{ earnedAt: fifth.completedAt, expiresAt: fifth.completedAt!.replace('2026-11-20', '2027-05-20'), status: 'available' }]);
    const stored = (await db().query(`SELECT source_booking_id, redeemed_booking_id FROM customers.loyalty_rewards WHERE email = $1`, [email])).rows;
    expect(stored).toEqual([{ source_booking_id: fifth.id, redeemed_booking_id: null }]);

    await completeRides(email, 1);
    expect(await card(email)).toMatchObject({ completedAirportRides: 6, punchCard: 1, vip: false });
    await completeRides(email, 4);
    const ten = await card(email);
    expect(ten).toMatchObject({ completedAirportRides: 10, punchCard: 5, vip: true });
    expect(ten.rewards.map((r) => r.status)).toEqual(['available', 'available']);
  });

  it("counts no company ride on the booker's own card: the company pays for it", async () => {
    const email = newEmail('booker');
    for (let i = 0; i < 5; i++) {
      const booking = aBooking(email, { companyId: 4242 });
      await publish(envelope(bookingEvents.created, booking.id, { booking }), statusChange(moved(booking, 'completed')));
    }
    expect(await card(email)).toEqual({ completedAirportRides: 0, punchCard: 0, rewards: [], vip: false });
    await completeRides(email, 1);
    expect(await card(email)).toMatchObject({ completedAirportRides: 1, punchCard: 1 });
  });

  it('withdraws an unused reward when a ride taken back leaves fewer than 5, and keeps one already used', async () => {
    const email = newEmail();
    const rides = await completeRides(email, 5);
    await publish(statusChange(moved(rides[0], 'confirmed'), 'completed'));
    expect(await card(email)).toMatchObject({ completedAirportRides: 4, punchCard: 4, rewards: [] });

    const again = await completeRides(email, 1);
    expect((await card(email)).rewards).toHaveLength(1);
    // A booking took the free ride (the pricing slice will do this): taking a ride back leaves it.
    await db().query(`UPDATE customers.loyalty_rewards SET redeemed_booking_id = 999999 WHERE email = $1`, [email]);
    await publish(statusChange(moved(again[0], 'cancelled'), 'completed'));
    const after = await card(email);
    expect(after).toMatchObject({ completedAirportRides: 4 });
    expect(after.rewards.map((r) => r.status)).toEqual(['used']);
  });

  it('never counts a ride twice, whatever the order of completions, take-backs and replays (property)', async () => {
    const counter = stack.services.customers!.app.get(CountAirportRides);
    const prisma = stack.services.customers!.app.get(PrismaClient);
    const step = fc.record({ ride: fc.integer({ min: 0, max: 5 }), kind: fc.constantFrom('complete', 'uncomplete', 'cancel', 'replay'), pick: fc.nat() });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const email = newEmail();
        const bookings = Array.from({ length: 6 }, () => aBooking(email));
        const history: BookingSnapshot[][] = bookings.map((b) => [b]);
        for (const { ride, kind, pick } of steps) {
          const seen = history[ride];
          const latest = seen.at(-1)!;
          const next =
            kind === 'replay' ? seen[pick % seen.length] : moved(latest, kind === 'complete' ? 'completed' : kind === 'cancel' ? 'cancelled' : 'confirmed');
          if (kind !== 'replay') seen.push(next);
          await prisma.$transaction((tx) => counter.apply(tx, next));
        }
        const expected = history.filter((seen) => seen.at(-1)!.status === 'completed').length;
        const got = await card(email);
        expect(got.completedAirportRides).toBe(expected);
        expect(got.rewards).toHaveLength(Math.floor(expected / 5));
      }),
      { numRuns: 60 },
    );
  });
});
