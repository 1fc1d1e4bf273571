import { EXTRA_LABELS, fromCents, toCents, type DriverShares, type ExtraKind, type Money, type PriceQuote, type RideExtra } from '@limo/contracts';
import { Prisma, type Booking as BookingRow } from '../generated/prisma/client.js';
import type { Terms } from '../rates/settlement-terms.js';
import { priceOf } from './booking.mapper.js';
import { driverEarningsCents } from './driver-earnings.js';

/** The extras' share keys in the rate table's `driverShares`. */
const SHARE_OF: Record<ExtraKind, keyof DriverShares> = { 'extra-stop': 'extraStop', tolls: 'tolls', parking: 'parking' };

const shareCents = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);

export interface SettlementFigures {
  extrasTotal: Money;
  /** quote total + wait + extras. */
  finalAmount: Money;
  /** The quote's share (driver-earnings.ts) plus the shares of the wait and of each extra, each half up to the cent. */
  driverEarnings: Money;
}

/**
 * A completed ride's final price and its driver's earnings (decisions.md, "Airport rides"): the
 * quote locked at booking, plus the wait charged, plus the extras; the driver earns the quote's
 * share as before and the rate table's share of the wait and of each extra.
 */
export function settle(price: PriceQuote, wait: Money, extras: readonly RideExtra[], baseSharePercent: number, shares: DriverShares): SettlementFigures {
  const waitCents = toCents(wait);
  const extrasCents = extras.reduce((sum, extra) => sum + toCents(extra.amount), 0);
  const quoteShare = driverEarningsCents({ baseCents: toCents(price.base), addOnsCents: toCents(price.addOns), gratuityCents: toCents(price.gratuity) }, baseSharePercent);
  const extrasShare = extras.reduce((sum, extra) => sum + shareCents(toCents(extra.amount), shares[SHARE_OF[extra.kind]]), 0);
  return {
    extrasTotal: fromCents(extrasCents),
    finalAmount: fromCents(toCents(price.total) + waitCents + extrasCents),
    driverEarnings: fromCents(quoteShare + shareCents(waitCents, shares.wait) + extrasShare),
  };
}

/** The words for a 400 when an extra is above the cap (EXTRA_CHARGE_CAP); null when all are within it. */
export function extraOverCap(extras: readonly RideExtra[], cap: Money): string | null {
  const over = extras.find((extra) => toCents(extra.amount) > toCents(cap));
  return over ? `${EXTRA_LABELS[over.kind]} of $${over.amount} is above the $${cap} an extra can be; call dispatch for a larger one` : null;
}

/**
 * A settlement's lines as booking columns (the wait billed, the extras, their total, the final
 * amount) and, when a driver earns the ride, the earnings they come to.
 */
export function settlementLines(row: BookingRow, wait: Money, extras: readonly RideExtra[], terms: Pick<Terms, 'baseSharePercent' | 'shares'>, earns: boolean): Prisma.BookingUpdateInput {
  const figures = settle(priceOf(row), wait, extras, terms.baseSharePercent, terms.shares);
  return {
    settledWait: wait,
    extras: extras.map(({ kind, amount, note }) => ({ kind, amount, note })),
    extrasTotal: figures.extrasTotal,
    finalAmount: figures.finalAmount,
    ...(earns ? { driverEarnings: figures.driverEarnings } : {}),
  };
}

/** The wait a settlement starts from: the charge measured at the pickup, nothing when none was. */
const measuredWaitCharge = (row: BookingRow): Money => (row.waitCharge === null ? '0.00' : row.waitCharge.toFixed(2));

/** A ride settled at its completion: the measured wait and the driver's extras, to be reviewed. */
export function completionSettlement(row: BookingRow, extras: readonly RideExtra[], terms: Pick<Terms, 'baseSharePercent' | 'shares'>, earns: boolean, now: Date): Prisma.BookingUpdateInput {
  return {
    ...settlementLines(row, measuredWaitCharge(row), extras, terms, earns),
    settlementStatus: 'to-review',
    settledAt: now,
    reviewedAt: null,
    reviewedBy: null,
    adjustmentReason: null,
  };
}

/** What leaving `completed` clears: the ride is to be settled again when it is completed again. */
export const UNSETTLED: Prisma.BookingUpdateInput = {
  settledWait: null,
  extras: Prisma.DbNull,
  extrasTotal: null,
  finalAmount: null,
  settlementStatus: null,
  settledAt: null,
  reviewedAt: null,
  reviewedBy: null,
  adjustmentReason: null,
};
