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

/** The ride's share of a quote: everything but the extras (meet & greet, child seats), never more than is due. */
const rideShareCents = (quote: PriceQuote) => Math.min(Math.max(linesCents(quote, ['fare', 'airport-surcharge', 'offer', 'return-discount']), 0), toCents(quote.total));

/** One leg of a company's ride (plan-legs.ts): whether it takes one of the month's transfers, and the quote's words for it. */
export interface PlanLeg {
  covered: boolean;
  note: string;
}

/**
 * Bundles for Business on one leg (decisions.md): a transfer on the company's plan takes the
 * ride's share, as the free ride does, leaving the extras with their fee and gratuity to be
 * charged; the quote says so (or why the ride is priced and billed to the company). Like the free
 * ride, the base, fee and gratuity stay those of the paid ride, so the chauffeur earns as for one.
 */
export function applyPlanTransfer(quote: PriceQuote, leg: PlanLeg): PriceQuote {
  if (!leg.covered) return { ...quote, planNote: leg.note };
  const covered = rideShareCents(quote);
  return { ...quote, total: fromCents(toCents(quote.total) - covered), planTransfer: fromCents(covered), planNote: leg.note };
}

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
    freeRideCents = rideShareCents(quote);
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

/**
 * What a stored company ride holds (its transfer, or its being billed) when it is re-priced alone:
 * the same, in the same words (the transfer stays held for it); undefined for a customer's own.
 */
export function heldPlan(quote: PriceQuote): { outbound: PlanLeg; back: null } | undefined {
  if (quote.planNote === undefined) return undefined;
  return { outbound: { covered: quote.planTransfer !== undefined && toCents(quote.planTransfer) > 0, note: quote.planNote }, back: null };
}
