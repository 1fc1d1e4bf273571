import { z } from 'zod';
import { Money } from '../common/money.js';
import { OFFER_CODES } from './offers.js';

/* The quote's shape as the contracts carry it (the booking service's rate engine computes it). */

/** The offer a quote applies: its name and what it saves, as its own line. */
export const AppliedOffer = z.object({ code: z.enum(OFFER_CODES), name: z.string(), saving: Money });
export type AppliedOffer = z.infer<typeof AppliedOffer>;

export const QUOTE_LINE_CODES = ['fare', 'airport-surcharge', 'meet-greet', 'child-seats', 'offer', 'return-discount'] as const;

/** One line of an itemised quote as the customer reads it; the lines add up to the total. */
export const QuoteLine = z.object({ code: z.enum(QUOTE_LINE_CODES), label: z.string(), amount: Money });
export type QuoteLine = z.infer<typeof QuoteLine>;

/** How the fare was found: a zone pair's transfer fare, road miles, hours, or the minimum for a place not found. */
export const PricingMethod = z.enum(['zone', 'distance', 'hourly', 'minimum']);
export type PricingMethod = z.infer<typeof PricingMethod>;

/**
 * The itemised quote locked to a booking, exact to the cent. The lines (fare, airport surcharge,
 * extras, offer, return discount) add up to `total`, which includes the service fee and gratuity:
 * `serviceFee` and `gratuity` are those parts of it, and `base` + `addOns` the rest (the ride's
 * and the extras' shares), so base + addOns + serviceFee + gratuity = total. Quotes made before
 * the rate table (spec formula) lack the optional fields.
 */
export const PriceQuote = z.object({
  /** The fare line: a zone pair's or a distance fare, or the hours. */
  fare: Money,
  /** Kept for quotes of the spec's formula (what the vehicle added to vehicle 1's fare); 0.00 since. */
  vehicle: Money,
  offer: AppliedOffer.nullable(),
  base: Money,
  meetGreet: Money,
  childSeats: Money,
  addOns: Money,
  serviceFee: Money,
  gratuity: Money,
  total: Money,
  lines: z.array(QuoteLine).optional(),
  method: PricingMethod.optional(),
  /** How the fare was priced, in the customer's words ("LAX to Santa Monica", "4 hours at $100.00 an hour"). */
  pricedAs: z.string().optional(),
  /** What the total includes, in the words every price of the site uses. */
  includes: z.string().optional(),
  /** Why the figure is to be confirmed on the call (a place the server could not find), if it is. */
  toBeConfirmed: z.string().nullable().optional(),
  /** Roundtrip Relax: the return leg's discount, when it is the best offer for that leg. */
  returnDiscount: Money.optional(),
  /** The airport surcharge line's amount. */
  airportSurcharge: Money.optional(),
  /**
   * A signed-in customer's benefits: Next One's on Us takes the ride's share (fare and surcharge,
   * after any offer), Refer & Fly credit what is left up to its balance. Not lines (the events'
   * line codes are a closed list): the lines add up to the paid ride, and the total is what is due,
   * lines - freeRide - credit. `base`, `addOns`, `serviceFee` and `gratuity` stay those of the
   * paid ride (the chauffeur earns as for one): base + addOns + serviceFee + gratuity - freeRide -
   * credit = total.
   */
  freeRide: Money.optional(),
  credit: Money.optional(),
  /** Why a signed-in customer's benefits are not on the quote when they could not be checked. */
  benefitsNote: z.string().optional(),
  /**
   * A booker's ride on their company's plan (issue 37): the transfer takes the ride's share, as
   * the free ride does (fare and surcharge, after any offer); the extras are still charged. Like
   * `freeRide`, not a line: base + addOns + serviceFee + gratuity - planTransfer = total.
   */
  planTransfer: Money.optional(),
  /** For a company's ride, in words: "Transfer on Acme's Starter plan (4 of 10 left in December)", or why it is priced and billed to the company. */
  planNote: z.string().optional(),
});
export type PriceQuote = z.infer<typeof PriceQuote>;
