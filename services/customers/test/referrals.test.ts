import { randomUUID } from 'node:crypto';
import { customersRpc, REFERRAL_MESSAGES, type BookingSnapshot } from '@limo/contracts';
import { HOTEL, withCustomersStack } from './booking-events.support.js';

/**
 * Refer & Fly (issue 36): each account's referral link, the check a booking's code passes, and
 * the $10 credit a referred customer's first completed ride earns them and their referrer ($15
 * from the referrer's 10th), from the booking events (published straight onto the stream).
 */
describe('Refer & Fly: referral codes and the credit a first ride earns', () => {
  const { rpc, db, newEmail, aBooking, moved, created, statusChange, publish } = withCustomersStack();

  /** An account as a first sign-in makes it, with the phone its contact details saved. */
  const anAccount = async (phone: string | null = null) => {
    const email = newEmail('referrer');
    await db().query(`INSERT INTO customers.customers (email, phone) VALUES ($1, $2)`, [email, phone]);
    return email;
  };
  const referrals = (email: string) => rpc().request(customersRpc.referrals, { email });
  const creditOf = async (email: string) => (await rpc().request(customersRpc.creditLedger, { email })).available;
  /** The friend's booking made through the link, and its completion. */
  const rideThrough = async (code: string, email: string, overrides: Partial<BookingSnapshot> = {}) => {
    const booking = aBooking(email, { referralCode: code, pickupLocation: HOTEL, dropoffLocation: 'Downtown Los Angeles', ...overrides });
    const completed = moved(booking, 'completed');
    await publish(created(booking), statusChange(completed));
    return completed;
  };

  it("gives each account one code, made on first asking, and answers its link, tier and credit", async () => {
    const email = await anAccount();
    const first = await referrals(email);
    expect(first.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(first).toEqual({
      code: first.code,
      link: `/r/${first.code}`,
      successfulReferrals: 0,
      tier: 'Starter',
      nextReferralCredit: '10.00',
      nextTier: { name: 'VIP Referrer', from: 5 },
      credit: { email, available: '0.00', reserved: '0.00', nextExpiry: null, entries: [] },
    });
    expect((await referrals(email)).code).toBe(first.code);
    await expect(referrals('nobody@example.com')).rejects.toMatchObject({ status: 404 });
  });

  it("refuses an unknown code, and the referrer's own email or phone", async () => {
    const email = await anAccount('(310) 555-0100');
    const { code } = await referrals(email);
    const check = (body: { code: string; email: string; phone: string }) => rpc().request(customersRpc.checkReferral, body);
    await expect(check({ code: 'ZZZZ2222', email: 'friend@example.com', phone: '2135550000' })).rejects.toMatchObject({ status: 400, message: REFERRAL_MESSAGES.unknown });
    await expect(check({ code, email, phone: '2135550000' })).rejects.toMatchObject({ status: 400, message: REFERRAL_MESSAGES.own });
    await expect(check({ code: code.toLowerCase(), email: 'friend@example.com', phone: '+1 310-555-0100' })).rejects.toMatchObject({ status: 400, message: REFERRAL_MESSAGES.own });
    expect(await check({ code: code.toLowerCase(), email: 'friend@example.com', phone: '2135550000' })).toEqual({});
  });

  it("pays the friend and the referrer $10 for the friend's first completed ride, once however often its event comes", async () => {
    const referrer = await anAccount();
    const { code } = await referrals(referrer);
    const friend = newEmail('friend');
    const ride = await rideThrough(code, friend);
    const again = statusChange(ride);
    await publish(again, again, { ...again, eventId: randomUUID() });

    expect(await creditOf(friend)).toBe('10.00');
    const standing = await referrals(referrer);
    expect(standing).toMatchObject({ successfulReferrals: 1, tier: 'Starter', credit: { available: '10.00' } });
    expect(standing.credit.entries).toEqual([expect.objectContaining({ kind: 'earned', amount: '10.00', reason: `Referral: ${friend[0]}***@example.com's first ride` })]);
    expect(standing.credit.nextExpiry!.amount).toBe('10.00');
    const friendEntries = (await rpc().request(customersRpc.creditLedger, { email: friend })).entries;
    expect(friendEntries).toEqual([expect.objectContaining({ kind: 'earned', amount: '10.00', bookingId: ride.id })]);

    // The friend's next ride through the link, and the first one un-completed: nothing more, nothing taken back.
    await rideThrough(code, friend);
    await publish(statusChange(moved(ride, 'in-progress'), 'completed'));
    expect(await creditOf(friend)).toBe('10.00');
    expect(await referrals(referrer)).toMatchObject({ successfulReferrals: 1, credit: { available: '10.00' } });
  });

  it("pays nothing for a company ride booked through the link, and the booker's first own ride is still their first", async () => {
    const referrer = await anAccount();
    const { code } = await referrals(referrer);
    const booker = newEmail('booker');
    await rideThrough(code, booker, { companyId: 4242 });
    expect(await creditOf(booker)).toBe('0.00');
    expect(await referrals(referrer)).toMatchObject({ successfulReferrals: 0, credit: { available: '0.00' } });
    await rideThrough(code, booker);
    expect(await creditOf(booker)).toBe('10.00');
    expect(await referrals(referrer)).toMatchObject({ successfulReferrals: 1 });
  });

  it('pays only for the first completed ride of the email: a customer who rode before is not new', async () => {
    const referrer = await anAccount();
    const { code } = await referrals(referrer);
    const regular = newEmail('regular');
    const earlier = aBooking(regular);
    await publish(statusChange(moved(earlier, 'completed')));
    await rideThrough(code, regular);
    expect(await creditOf(regular)).toBe('0.00');
    expect((await referrals(referrer)).successfulReferrals).toBe(0);

    // A first ride booked through the link but cancelled earns nothing either.
    const newcomer = newEmail('newcomer');
    const cancelled = aBooking(newcomer, { referralCode: code });
    await publish(created(cancelled), statusChange(moved(cancelled, 'cancelled'), 'pending'));
    expect(await creditOf(newcomer)).toBe('0.00');
  });

  it("pays nothing for the referrer's own ride through their link, by email or by phone", async () => {
    const referrer = await anAccount('310-555-0199');
    const { code } = await referrals(referrer);
    await rideThrough(code, referrer);
    const other = newEmail('same-phone');
    await rideThrough(code, other, { phone: '+1 (310) 555-0199' });
    expect(await creditOf(referrer)).toBe('0.00');
    expect(await creditOf(other)).toBe('0.00');
  });

  it("refuses a phone the referrer's own bookings were made with, though their account keeps none", async () => {
    const referrer = await anAccount();
    const { code } = await referrals(referrer);
    const check = (body: { code: string; email: string; phone: string }) => rpc().request(customersRpc.checkReferral, body);
    expect(await check({ code, email: newEmail('second'), phone: '(818) 555-0142' })).toEqual({});
    // The referrer books a ride with that phone: from then on it is theirs.
    const booking = aBooking(referrer, { phone: '818-555-0142' });
    await publish(created(booking));
    await expect(check({ code, email: newEmail('second'), phone: '+1 818 555 0142' })).rejects.toMatchObject({ status: 400, message: REFERRAL_MESSAGES.own });
  });

  it('pays the referrer $15 from their 10th successful referral (Elite Ambassador)', async () => {
    const referrer = await anAccount();
    const { code } = await referrals(referrer);
    for (let i = 0; i < 9; i++)
      await db().query(`INSERT INTO customers.referrals (referred_email, referrer_email, code, booking_id) VALUES ($1, $2, $3, $4)`, [newEmail('earlier'), referrer, code, 900_000 + i]);
    expect(await referrals(referrer)).toMatchObject({ successfulReferrals: 9, tier: 'VIP Referrer', nextReferralCredit: '15.00', nextTier: { name: 'Elite Ambassador', from: 10 } });
    const friend = newEmail('tenth');
    await rideThrough(code, friend);
    expect(await creditOf(friend)).toBe('10.00');
    expect(await referrals(referrer)).toMatchObject({ successfulReferrals: 10, tier: 'Elite Ambassador', nextTier: null, credit: { available: '15.00' } });
  });
});
