import { z } from 'zod';
import { Money } from '../common/money.js';

/* The parts of a booking request that name a customer's benefits (benefits.ts): kept apart from it so the booking contracts can import them without the account's (which imports theirs). */

/** What a booking spends: the quote's free ride and credit, as the customer saw them. */
export const BenefitsClaim = z
  .object({
    freeRide: z.boolean(),
    /** The credit line of the quote (0.00 for none). */
    credit: Money.refine((amount) => !amount.startsWith('-'), 'Credit cannot be negative'),
  })
  .strict();
export type BenefitsClaim = z.infer<typeof BenefitsClaim>;

/**
 * A Refer & Fly code as a referral link carries it (`/r/<code>`): letters and digits, kept
 * upper-case. Whether it names an account is the customers service's to say.
 */
export const ReferralCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, 'A referral code is 4 to 16 letters and digits');
export type ReferralCode = z.infer<typeof ReferralCode>;

/**
 * A booking made for a company by one of its bookers (issue 37, companies.ts): the company, and
 * whether the quote showed the ride on one of the month's transfers (`transfer`: held exactly so,
 * 409 when the last one went meanwhile; false: priced as usual and billed to the company), and for
 * a round trip its return leg likewise (`returnTransfer`; each leg's month has its own transfers).
 */
export const CompanyClaim = z.object({ companyId: z.number().int().positive(), transfer: z.boolean(), returnTransfer: z.boolean().optional() }).strict();
export type CompanyClaim = z.infer<typeof CompanyClaim>;
