import { z } from 'zod';
import { noControlCharacters } from '../common/text-rule.js';

/*
 * Next One's on Us (decisions.md, "Customer accounts and the programs the site advertises"):
 * every 5 completed airport rides of an email earn a free ride, to be taken within 6 months of
 * being earned; VIP from 10 completed airport rides. Counted by email, so rides taken before the
 * account was made count once the customer signs up.
 */
export const LOYALTY = { ridesPerReward: 5, rewardValidMonths: 6, vipFrom: 10 } as const;

/** A free ride: `used` once a booking took it, `expired` when unused past its date, else `available`. */
export const RewardStatus = z.enum(['available', 'used', 'expired']);
export type RewardStatus = z.infer<typeof RewardStatus>;

export const LoyaltyReward = z.object({
  earnedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  status: RewardStatus,
});
export type LoyaltyReward = z.infer<typeof LoyaltyReward>;

/** `GET /api/account/loyalty`: the signed-in customer's punch card. */
export const AccountLoyalty = z.object({
  completedAirportRides: z.number().int().nonnegative(),
  /** Stamps on the current card, 0 to 5: a full card (5) is a reward just earned; the next ride starts a new card. */
  punchCard: z.number().int().min(0).max(LOYALTY.ridesPerReward),
  /** Every reward earned, newest first. */
  rewards: z.array(LoyaltyReward),
  vip: z.boolean(),
});
export type AccountLoyalty = z.infer<typeof AccountLoyalty>;

/** The stamps on the card after `rides` completed airport rides (5 at the 5th, 1 at the 6th). */
export const punchCardOf = (rides: number): number => (rides === 0 ? 0 : ((rides - 1) % LOYALTY.ridesPerReward) + 1);

export const isVip = (rides: number): boolean => rides >= LOYALTY.vipFrom;

/** `GET /api/admin/customers?search=`: part of an email or name, or every customer. */
export const AdminCustomersQuery = z
  .object({ search: z.string().trim().check(noControlCharacters('Search text')).max(100, 'Search text must be at most 100 characters').optional() })
  .strict();
export type AdminCustomersQuery = z.infer<typeof AdminCustomersQuery>;

/** A customer account as the admin's Customers page lists it. */
export const AdminCustomer = z.object({
  email: z.string(),
  name: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  completedAirportRides: z.number().int().nonnegative(),
  availableRewards: z.number().int().nonnegative(),
  /** The earliest expiry of the available rewards (null with none). */
  nextRewardExpiresAt: z.iso.datetime({ offset: true }).nullable(),
  vip: z.boolean(),
});
export type AdminCustomer = z.infer<typeof AdminCustomer>;

/** The most customers one answer lists (most rides first): a search finds the others. */
export const ADMIN_CUSTOMERS_LIMIT = 200;
