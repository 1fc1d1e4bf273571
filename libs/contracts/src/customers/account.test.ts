import { BOOKING_LIMITS } from '../booking/limits.js';
import { customersRpc } from './rpc.js';
import { Account, AccountDetails, accountBookingGroup, groupAccountBookings, SignInCodeRequest, SignInRequest } from './account.js';

describe('account contracts', () => {
  const now = new Date('2026-11-27T18:00:00Z');

  it('puts cancelled bookings apart, completed or already picked up ones in the past, the rest upcoming', () => {
    expect(accountBookingGroup({ status: 'cancelled', pickupAt: '2026-12-01T18:00:00Z' }, now)).toBe('cancelled');
    expect(accountBookingGroup({ status: 'completed', pickupAt: '2026-11-27T19:00:00Z' }, now)).toBe('past');
    expect(accountBookingGroup({ status: 'pending', pickupAt: '2026-11-27T17:59:00Z' }, now)).toBe('past');
    expect(accountBookingGroup({ status: 'in-progress', pickupAt: '2026-11-27T18:30:00Z' }, now)).toBe('upcoming');
    expect(accountBookingGroup({ status: 'confirmed', pickupAt: '2026-11-28T09:00:00Z' }, now)).toBe('upcoming');
  });

  it('orders upcoming soonest first, past and cancelled most recent first', () => {
    const b = (reference: string, status: 'pending' | 'completed' | 'cancelled', pickupAt: string) => ({ reference, status, pickupAt });
    const groups = groupAccountBookings(
      [b('U2', 'pending', '2026-12-03T10:00:00Z'), b('P1', 'completed', '2026-11-01T10:00:00Z'), b('U1', 'pending', '2026-12-01T10:00:00Z'), b('P2', 'completed', '2026-11-20T10:00:00Z'), b('C1', 'cancelled', '2026-12-05T10:00:00Z')],
      now,
    );
    expect({ upcoming: groups.upcoming.map((x) => x.reference), past: groups.past.map((x) => x.reference), cancelled: groups.cancelled.map((x) => x.reference) }).toEqual({
      upcoming: ['U1', 'U2'],
      past: ['P2', 'P1'],
      cancelled: ['C1'],
    });
  });

  it('reads an email trimmed and lower-cased, and a code of exactly 6 digits', () => {
    expect(SignInCodeRequest.parse({ email: '  Ann.Lee@Example.COM ' })).toEqual({ email: 'ann.lee@example.com' });
    expect(SignInRequest.safeParse({ email: 'a@b.co', code: ' 012345 ' }).data?.code).toBe('012345');
    for (const code of ['12345', '1234567', '12a456', '']) expect(SignInRequest.safeParse({ email: 'a@b.co', code }).success).toBe(false);
    expect(SignInCodeRequest.safeParse({ email: 'not an email' }).success).toBe(false);
  });

  it("takes a name no longer than a booking's passenger name, and still loads a longer one saved before", () => {
    const name = (length: number) => `Ann ${'L'.repeat(length - 4)}`;
    const phone = '3105550142';
    expect(AccountDetails.safeParse({ name: name(BOOKING_LIMITS.name), phone }).success).toBe(true);
    expect(AccountDetails.safeParse({ name: name(BOOKING_LIMITS.name + 1), phone }).error?.issues.map((issue) => issue.message)).toEqual([`Name must be at most ${BOOKING_LIMITS.name} characters`]);
    expect(Account.safeParse({ email: 'ann@example.com', name: name(150), phone, createdAt: '2026-11-27T18:00:00.000Z' }).success).toBe(true);
    // The previous release's gateway may still send up to 201 characters to customers.accounts.update.v1.
    expect(customersRpc.updateAccount.request.safeParse({ email: 'ann@example.com', name: name(150), phone }).success).toBe(true);
  });
});
