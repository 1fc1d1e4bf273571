import type { PriceQuote } from '@limo/contracts';
import { formatMoney } from './format';

/*
 * A signed-in customer's benefits on a quote: not lines of the server's (those add up to the paid
 * ride) but amounts taken off it, shown between the lines and the total, which is already net of them.
 */

export interface BenefitLine {
  key: 'free-ride' | 'credit';
  label: string;
  /** "−$42.00" */
  amount: string;
}

const isSome = (amount: string | undefined): amount is string => amount !== undefined && Number(amount) !== 0;

/** The free ride and credit the quote takes off, in that order (the server's), each only when it takes something. */
export function benefitLines(quote: Pick<PriceQuote, 'freeRide' | 'credit'>): BenefitLine[] {
  const lines: BenefitLine[] = [];
  if (isSome(quote.freeRide)) lines.push({ key: 'free-ride', label: "Next One's on Us: free ride", amount: `−${formatMoney(quote.freeRide)}` });
  if (isSome(quote.credit)) lines.push({ key: 'credit', label: 'Refer & Fly credit', amount: `−${formatMoney(quote.credit)}` });
  return lines;
}

/**
 * What a booking claims of the quote the customer saw (the booking request's `benefits`): only
 * signed in, and only when the quote took something off (the server reserves exactly this, and
 * answers 409 when it is gone).
 */
export function benefitsClaimOf(quote: Pick<PriceQuote, 'freeRide' | 'credit'>, signedIn: boolean): { freeRide: boolean; credit: string } | undefined {
  if (!signedIn || (!isSome(quote.freeRide) && !isSome(quote.credit))) return undefined;
  return { freeRide: isSome(quote.freeRide), credit: quote.credit ?? '0.00' };
}
