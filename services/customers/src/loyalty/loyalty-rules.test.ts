import { addMonths, countsForLoyalty, planRewards, rewardStatus } from './loyalty-rules.js';

const at = (iso: string) => new Date(iso);
const rides = (n: number) => Array.from({ length: n }, (_, i) => ({ bookingId: 100 + i, completedAt: at(`2026-0${1 + (i % 9)}-1${i % 10}T10:00:00Z`) }));

describe("Next One's on Us rules", () => {
  it('counts a completed ride whose pickup or drop-off is an airport, and nothing else', () => {
    const ride = { status: 'completed' as const, pickupLocation: 'LAX - Los Angeles International Airport', dropoffLocation: 'Santa Monica Pier' };
    expect(countsForLoyalty(ride)).toBe(true);
    expect(countsForLoyalty({ ...ride, pickupLocation: 'Santa Monica Pier', dropoffLocation: 'Burbank Airport (BUR)' })).toBe(true);
    expect(countsForLoyalty({ ...ride, pickupLocation: 'Santa Monica Pier', dropoffLocation: null })).toBe(false);
    expect(countsForLoyalty({ ...ride, pickupLocation: 'Santa Monica Pier', dropoffLocation: 'Downtown Los Angeles' })).toBe(false);
    for (const status of ['pending', 'confirmed', 'in-progress', 'cancelled'] as const) expect(countsForLoyalty({ ...ride, status })).toBe(false);
    // A company's ride: the company pays, the booker earns nothing.
    expect(countsForLoyalty({ ...ride, companyId: 7 })).toBe(false);
    expect(countsForLoyalty({ ...ride, companyId: null })).toBe(true);
  });

  it('earns a reward at the 5th and 10th ride in order of completion, expiring 6 months later', () => {
    const ten = rides(10);
    const { earn, withdraw } = planRewards(ten, []);
    const ordered = [...ten].sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime());
    expect(earn).toEqual([
      { threshold: 5, sourceBookingId: ordered[4].bookingId, earnedAt: ordered[4].completedAt, expiresAt: addMonths(ordered[4].completedAt, 6) },
      { threshold: 10, sourceBookingId: ordered[9].bookingId, earnedAt: ordered[9].completedAt, expiresAt: addMonths(ordered[9].completedAt, 6) },
    ]);
    expect(withdraw).toEqual([]);
    expect(planRewards(rides(4), []).earn).toEqual([]);
  });

  it('keeps the rewards it has, and withdraws those above the count unless already used', () => {
    expect(planRewards(rides(10), [{ threshold: 5, redeemed: false }, { threshold: 10, redeemed: false }])).toEqual({ earn: [], withdraw: [] });
    expect(planRewards(rides(9), [{ threshold: 5, redeemed: false }, { threshold: 10, redeemed: false }])).toEqual({ earn: [], withdraw: [10] });
    expect(planRewards(rides(4), [{ threshold: 5, redeemed: true }])).toEqual({ earn: [], withdraw: [] });
  });

  it('adds calendar months, on the last day of a shorter month', () => {
    expect(addMonths(at('2026-03-15T18:30:00Z'), 6).toISOString()).toBe('2026-09-15T18:30:00.000Z');
    expect(addMonths(at('2026-08-31T12:00:00Z'), 6).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonths(at('2027-08-31T12:00:00Z'), 6).toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });

  it('tells an available reward from a used or expired one', () => {
    const now = at('2026-06-01T00:00:00Z');
    expect(rewardStatus({ expiresAt: at('2026-06-02T00:00:00Z'), redeemedBookingId: null }, now)).toBe('available');
    expect(rewardStatus({ expiresAt: at('2026-06-01T00:00:00Z'), redeemedBookingId: null }, now)).toBe('expired');
    expect(rewardStatus({ expiresAt: at('2026-06-02T00:00:00Z'), redeemedBookingId: 9 }, now)).toBe('used');
    expect(rewardStatus({ expiresAt: at('2026-06-02T00:00:00Z'), redeemedBookingId: null, reservationId: '9f1c2a34-0000-4000-8000-000000000000' }, now)).toBe('used');
  });
});
