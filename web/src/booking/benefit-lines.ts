import type { PriceQuote } from '@limo/contracts';
import { fromCents, toCents } from '@limo/contracts/common/cents';
import { formatMoney } from './format';

/*
 * A signed-in customer's benefits on a quote: not lines of the server's (those add up to the paid
 * ride) but amounts taken off it, shown between the lines and the total, which is already net of them.
 */

export interface BenefitLine {
  key: 'free-ride' | 'credit' | 'plan-transfer';
  label: string;
  /** "−$42.00" */
  amount: string;
}

const isSome = (amount: string | undefined): amount is string => amount !== undefined && Number(amount) !== 0;

/**
 * The free ride and credit the quote takes off, in that order (the server's), each only when it
 * takes something; for a booker's ride on their company's plan, the transfer it takes instead.
 */
export function benefitLines(quote: Pick<PriceQuote, 'freeRide' | 'credit' | 'planTransfer'>, companyName?: string): BenefitLine[] {
  const lines: BenefitLine[] = [];
  if (isSome(quote.planTransfer)) lines.push({ key: 'plan-transfer', label: `Transfer on ${companyName ? `${companyName}'s` : "the company's"} plan`, amount: `−${formatMoney(quote.planTransfer)}` });
  if (isSome(quote.freeRide)) lines.push({ key: 'free-ride', label: "Next One's on Us: free ride", amount: `−${formatMoney(quote.freeRide)}` });
  if (isSome(quote.credit)) lines.push({ key: 'credit', label: 'Refer & Fly credit', amount: `−${formatMoney(quote.credit)}` });
  return lines;
}

/**
 * What a booking claims of the quote the customer saw (the booking request's `benefits`): only
 * signed in, and only when the quote took something off (the server reserves exactly this, and
 * answers 409 when it is gone).
 */
export function benefitsClaimOf(
  quote: Pick<PriceQuote, 'freeRide' | 'credit'>,
  signedIn: boolean,
  returnQuote?: Pick<PriceQuote, 'freeRide' | 'credit'> | null,
): { freeRide: boolean; credit: string } | undefined {
  // A round trip claims what both legs took: the server gives the outbound its part, the return the rest.
  const legs = returnQuote ? [quote, returnQuote] : [quote];
  const freeRide = legs.some((leg) => isSome(leg.freeRide));
  const credit = legs.reduce((cents, leg) => cents + toCents(leg.credit ?? '0.00'), 0);
  if (!signedIn || (!freeRide && credit === 0)) return undefined;
  return { freeRide, credit: fromCents(credit) };
}
