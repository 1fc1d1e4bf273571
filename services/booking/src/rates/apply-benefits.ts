import { fromCents, toCents, type PriceQuote } from '@limo/contracts';

/** What a signed-in customer may spend on a quote: a free ride (or not), and credit in cents. */
export interface Spendable {
  freeRide: boolean;
  creditCents: number;
}

export const NOTHING_TO_SPEND: Spendable = { freeRide: false, creditCents: 0 };

/** What a quote took of it. */
export interface Spent {
  freeRide: boolean;
  creditCents: number;
}

const linesCents = (quote: PriceQuote, codes: readonly string[]) =>
  (quote.lines ?? []).filter((line) => codes.includes(line.code)).reduce((sum, line) => sum + toCents(line.amount), 0);

/**
 * Next One's on Us and Refer & Fly on one quote (decisions.md): the free ride takes the ride's
 * share of an airport ride (`airportRide`: from the places, not the surcharge line, which a $0.00
 * surcharge leaves out) (its fare and surcharge, after any offer or return discount: what the
 * customer would have paid for the ride itself), leaving the extras with their fee and gratuity;
 * the credit then takes what is left, up to what there is, never below $0. The quote's base,
 * add-ons, fee and gratuity stay those of the paid ride, so the chauffeur earns as for one.
 */
export function applyBenefits(quote: PriceQuote, spendable: Spendable, airportRide: boolean): { quote: PriceQuote; spent: Spent } {
  let due = toCents(quote.total);
  let freeRideCents = 0;
  if (spendable.freeRide && airportRide) {
    // The ride's share: everything but the extras (meet & greet, child seats), never more than is due.
    freeRideCents = Math.min(Math.max(linesCents(quote, ['fare', 'airport-surcharge', 'offer', 'return-discount']), 0), due);
    due -= freeRideCents;
  }
  const creditCents = Math.min(Math.max(spendable.creditCents, 0), due);
  due -= creditCents;
  if (freeRideCents === 0 && creditCents === 0) return { quote, spent: { freeRide: false, creditCents: 0 } };
  return {
    quote: {
      ...quote,
      total: fromCents(due),
      ...(freeRideCents > 0 ? { freeRide: fromCents(freeRideCents) } : {}),
      ...(creditCents > 0 ? { credit: fromCents(creditCents) } : {}),
    },
    spent: { freeRide: freeRideCents > 0, creditCents },
  };
}

/** What is left to spend after a quote took its part (a round trip's return leg gets the rest). */
export const remainder = (spendable: Spendable, spent: Spent): Spendable => ({
  freeRide: spendable.freeRide && !spent.freeRide,
  creditCents: spendable.creditCents - spent.creditCents,
});

/** What a stored quote spent: all a re-priced booking may spend (its hold in the customers service). */
export const heldBenefits = (quote: PriceQuote): Spendable => ({
  freeRide: quote.freeRide !== undefined && toCents(quote.freeRide) > 0,
  creditCents: quote.credit ? toCents(quote.credit) : 0,
});
