import { z } from 'zod';
import { Money } from '../common/money.js';
import { noControlCharacters } from '../common/text-rule.js';
import { AccountEmail } from './account.js';
import { ReferralCode } from './benefits-claim.js';

/*
 * Refer & Fly (decisions.md, "Customer accounts and the programs the site advertises"): every
 * account has a referral link; a new customer who books through it and completes a first ride
 * earns $10 credit, and so does the referrer ($15 from their 10th successful referral). Credits
 * expire 12 months after they are earned and are kept in a ledger the admin can read and adjust.
 */

export const REFER_AND_FLY = {
  friendCredit: '10.00',
  creditValidMonths: 12,
  /** The referrer's tiers by successful referrals so far (this one included): its credit per referral. */
  tiers: [
    { name: 'Starter', from: 1, credit: '10.00' },
    { name: 'VIP Referrer', from: 5, credit: '10.00' },
    { name: 'Elite Ambassador', from: 10, credit: '15.00' },
  ],
} as const;

/** The tier of a referrer with `referrals` successful referrals (Starter below 1 too: where everyone starts). */
export const referralTierOf = (referrals: number) => [...REFER_AND_FLY.tiers].reverse().find((tier) => referrals >= tier.from) ?? REFER_AND_FLY.tiers[0];

export const REFERRAL_MESSAGES = {
  unknown: 'This referral code does not exist: check the link you were sent',
  own: 'You cannot use your own referral code',
} as const;

export const CREDIT_MESSAGES = {
  belowZero: 'This adjustment would take the credit below $0.00',
  zero: 'An adjustment must change the credit',
  reason: 'Give the reason for the adjustment (3 to 200 characters)',
  keyReused: 'This Idempotency-Key was already used for another adjustment',
} as const;

/**
 * One line of an email's credit ledger. `amount` is what it did to the available credit:
 * + earned, released, adjusted up; - reserved (held for a booking), expired, adjusted down;
 * `spent` settles a reservation (0.00: the credit had already left the available balance).
 */
export const CreditEntryKind = z.enum(['earned', 'reserved', 'spent', 'released', 'expired', 'adjusted']);
export type CreditEntryKind = z.infer<typeof CreditEntryKind>;

export const CreditEntry = z.object({
  id: z.number().int().positive(),
  at: z.iso.datetime({ offset: true }),
  kind: CreditEntryKind,
  amount: Money,
  /** In words: "Referral: jane@example.com's first ride", "Booking LX-7K3Q9", the admin's reason. */
  reason: z.string(),
  bookingId: z.number().int().positive().nullable(),
});
export type CreditEntry = z.infer<typeof CreditEntry>;

/** An email's credit: available now, held for bookings not yet completed, the next to expire, its ledger (newest first). */
export const CreditLedger = z.object({
  email: z.string(),
  available: Money,
  reserved: Money,
  nextExpiry: z.object({ amount: Money, at: z.iso.datetime({ offset: true }) }).nullable(),
  entries: z.array(CreditEntry),
});
export type CreditLedger = z.infer<typeof CreditLedger>;

/** `GET /api/account/referrals`: the signed-in customer's link, tier and credit. */
export const AccountReferrals = z.object({
  code: ReferralCode,
  /** The path to share, on the site's own origin: `/r/<code>`. */
  link: z.string(),
  successfulReferrals: z.number().int().nonnegative(),
  tier: z.string(),
  /** What the next successful referral earns the customer. */
  nextReferralCredit: Money,
  /** The next tier and the referral count that reaches it (null at the top). */
  nextTier: z.object({ name: z.string(), from: z.number().int().positive() }).nullable(),
  credit: CreditLedger,
});
export type AccountReferrals = z.infer<typeof AccountReferrals>;

/** `customers.referrals.check.v1`: may a booking with this email and phone use the code? (400: unknown or own.) */
export const CheckReferral = z.object({ code: ReferralCode, email: AccountEmail, phone: z.string().check(noControlCharacters('Phone')).max(40, 'Phone must be at most 40 characters') }).strict();

/** `POST /api/admin/customers/ledger/adjustments`: dollars added (+) or taken (-) with a reason. */
export const CreditAdjustment = z
  .object({
    email: AccountEmail,
    amount: Money.refine((amount) => !/^-?0+\.00$/.test(amount), CREDIT_MESSAGES.zero),
    reason: z.string().trim().check(noControlCharacters('Reason')).min(3, CREDIT_MESSAGES.reason).max(200, CREDIT_MESSAGES.reason),
  })
  .strict();
export type CreditAdjustment = z.infer<typeof CreditAdjustment>;
