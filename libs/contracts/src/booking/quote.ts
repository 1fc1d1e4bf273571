import { z } from 'zod';
import { Money } from '../common/money.js';
import { OFFER_CODES } from './offers.js';

/* The quote's shape as the contracts carry it (pricing.ts computes it, without zod). */

/** The offer a quote applies: its name and what it saves, as its own line. */
export const AppliedOffer = z.object({ code: z.enum(OFFER_CODES), name: z.string(), saving: Money });
export type AppliedOffer = z.infer<typeof AppliedOffer>;

/**
 * The itemised quote locked to a booking: every line and the total, exact to the cent. `fare` is
 * the spec's formula (vehicle 1), `vehicle` what the chosen vehicle adds to it, `offer` what the
 * best offer takes off; `base` is the fare charged (fare + vehicle - saving), on which the
 * service fee and gratuity are reckoned.
 */
export const PriceQuote = z.object({
  fare: Money,
  vehicle: Money,
  offer: AppliedOffer.nullable(),
  base: Money,
  meetGreet: Money,
  childSeats: Money,
  addOns: Money,
  serviceFee: Money,
  gratuity: Money,
  total: Money,
});
export type PriceQuote = z.infer<typeof PriceQuote>;
