import { airportOf, LOYALTY, type BookingSnapshot, type RewardStatus } from '@limo/contracts';

/*
 * The rules of Next One's on Us (decisions.md), free of the database so they are tested alone.
 */

/**
 * A ride counts while it is completed and its pickup or drop-off is an airport; a company's ride
 * never does (the company pays for it, so it earns the booker nothing of their own).
 */
export function countsForLoyalty(booking: Pick<BookingSnapshot, 'status' | 'pickupLocation' | 'dropoffLocation' | 'companyId'>): boolean {
  return !booking.companyId && booking.status === 'completed' && (airportOf(booking.pickupLocation) !== null || airportOf(booking.dropoffLocation) !== null);
}

export interface CountedRide {
  bookingId: number;
  completedAt: Date;
}

export interface KeptReward {
  threshold: number;
  redeemed: boolean;
}

export interface RewardToEarn {
  threshold: number;
  sourceBookingId: number;
  earnedAt: Date;
  expiresAt: Date;
}

/**
 * What an email's rewards must become for its counted rides: a reward for each 5th ride that has
 * none yet (earned when that ride, in order of completion, was completed), and the unredeemed
 * rewards above the count withdrawn (a ride taken back takes back the free ride it earned, unless
 * it was already taken: that one stays). Rewards already kept keep their dates.
 */
export function planRewards(rides: CountedRide[], kept: KeptReward[]): { earn: RewardToEarn[]; withdraw: number[] } {
  const ordered = [...rides].sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime() || a.bookingId - b.bookingId);
  const have = new Set(kept.map((reward) => reward.threshold));
  const earn: RewardToEarn[] = [];
  for (let threshold = LOYALTY.ridesPerReward; threshold <= ordered.length; threshold += LOYALTY.ridesPerReward) {
    if (have.has(threshold)) continue;
    const source = ordered[threshold - 1];
    earn.push({ threshold, sourceBookingId: source.bookingId, earnedAt: source.completedAt, expiresAt: addMonths(source.completedAt, LOYALTY.rewardValidMonths) });
  }
  const withdraw = kept.filter((reward) => reward.threshold > ordered.length && !reward.redeemed).map((reward) => reward.threshold);
  return { earn, withdraw };
}

/** Used once a booking took it: redeemed by a completed ride, or held by a booking not yet completed (a cancellation gives it back). */
export function rewardStatus(reward: { expiresAt: Date; redeemedBookingId: number | null; reservationId?: string | null }, now: Date): RewardStatus {
  if (reward.redeemedBookingId !== null || reward.reservationId) return 'used';
  return reward.expiresAt.getTime() > now.getTime() ? 'available' : 'expired';
}

/** The same day `months` later (UTC), or that month's last day when it is shorter (Aug 31 + 6 months: Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const moved = new Date(date);
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return moved;
}
