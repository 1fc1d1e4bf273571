import { z } from 'zod';
import { Money } from '../common/money.js';
import { noControlCharacters } from '../common/text-rule.js';

/*
 * The ride's final price (decisions.md, "Airport rides: flights, waiting and the final price"):
 * after the drop-off the driver adds what the ride cost beyond the quote (an extra stop, tolls,
 * parking, each with a note), the ride is settled at quote + measured wait + extras, and an admin
 * reviews it (approves, or adjusts with a reason) before the customer's receipt goes out.
 */

export const EXTRA_KINDS = ['extra-stop', 'tolls', 'parking'] as const;
export const ExtraKind = z.enum(EXTRA_KINDS, { error: 'An extra is an extra stop, tolls or parking' });
export type ExtraKind = z.infer<typeof ExtraKind>;

export const EXTRA_LABELS: Record<ExtraKind, string> = { 'extra-stop': 'Extra stop', tolls: 'Tolls', parking: 'Parking' };

/** At most this many extras on one ride (the service's cap on each amount is configured: EXTRA_CHARGE_CAP). */
export const MAX_EXTRAS = 10;

const EXTRA_AMOUNT_MESSAGE = 'An extra must be an amount above $0.00 with at most two decimals';

/** One extra as the driver or the admin enters it; the amount as typed ("12.5"), stored with two decimals. */
export const RideExtra = z
  .object({
    kind: ExtraKind,
    amount: z
      .string({ error: EXTRA_AMOUNT_MESSAGE })
      .trim()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, EXTRA_AMOUNT_MESSAGE)
      .refine((value) => Number(value) > 0, EXTRA_AMOUNT_MESSAGE)
      .transform((value) => Number(value).toFixed(2)),
    note: z.string().trim().check(noControlCharacters('Note')).max(200, 'A note is at most 200 characters').default(''),
  })
  .strict();
export type RideExtra = z.output<typeof RideExtra>;
export type RideExtraInput = z.input<typeof RideExtra>;

export const RideExtras = z.array(RideExtra).max(MAX_EXTRAS, `At most ${MAX_EXTRAS} extras on one ride`);

/** to-review: settled at completion, waiting for an admin; approved: reviewed, the receipt sent. */
export const SettlementStatus = z.enum(['to-review', 'approved']);
export type SettlementStatus = z.infer<typeof SettlementStatus>;

/** A completed ride's final price, line by line, and where its review stands. */
export const Settlement = z.object({
  status: SettlementStatus,
  /** The quote locked at booking (its total). */
  quote: Money,
  /** What the measured wait adds (0.00 when within the free minutes or not measured). */
  wait: Money,
  extras: z.array(z.object({ kind: ExtraKind, amount: Money, note: z.string() })),
  extrasTotal: Money,
  /** quote + wait + extras. */
  finalAmount: Money,
  settledAt: z.iso.datetime({ offset: true }),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  reviewedBy: z.string().nullable(),
  /** The admin's reason for the last adjustment; null when approved as settled. */
  adjustmentReason: z.string().nullable(),
});
export type Settlement = z.infer<typeof Settlement>;

/** The booking's version the admin reviewed; a change meanwhile (another review) is a 409. */
const StaleGuard = z.number().int().positive().optional();

const REASON_MESSAGE = 'Say why the final price is adjusted (up to 300 characters)';

/**
 * POST /api/admin/bookings/{id}/settlement: approve the settled price as it is, or adjust it (the
 * wait charged and the extras, as they should be) with a reason. Either sends the receipt; an
 * adjustment of an approved ride sends a corrected one.
 */
export const SettlementReview = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve'), version: StaleGuard }).strict(),
    z
      .object({
        decision: z.literal('adjust'),
        wait: Money.refine((value) => !value.startsWith('-'), 'The wait charge cannot be negative'),
        extras: RideExtras,
        reason: z.string({ error: REASON_MESSAGE }).trim().check(noControlCharacters('Reason')).min(1, REASON_MESSAGE).max(300, REASON_MESSAGE),
        version: StaleGuard,
      })
      .strict(),
  ],
  { error: 'The decision is approve or adjust' },
);
export type SettlementReview = z.infer<typeof SettlementReview>;
export type SettlementReviewInput = z.input<typeof SettlementReview>;

/**
 * The driver's share of what a settlement adds beyond the quote, in percent (the rate table's
 * `driverShares`; tolls and parking are the driver's outlay, paid back whole).
 */
const SHARE_MESSAGE = 'A share must be a whole number from 0 to 100';
const Share = z.number({ error: SHARE_MESSAGE }).int(SHARE_MESSAGE).min(0, SHARE_MESSAGE).max(100, SHARE_MESSAGE);

export const DriverShares = z
  .object({ wait: Share, extraStop: Share, tolls: Share, parking: Share })
  .strict();
export type DriverShares = z.infer<typeof DriverShares>;

/** What a table saved before `driverShares` existed pays. */
export const DEFAULT_DRIVER_SHARES: DriverShares = { wait: 60, extraStop: 60, tolls: 100, parking: 100 };
