import { fromCents, toCents } from '../common/cents.js';
import type { Money } from '../common/money.js';
import type { PriceQuote } from './quote.js';
import { eligibleOffers, OFFER_NAMES, type OfferCode, type OfferFacts, type OfferTerms } from './offers.js';
import type { TripType } from './values.js';

/**
 * The price rules of spec section 9 and decisions.md (vehicle and offers), in integer cents. One
 * module prices a ride everywhere: the wizard's estimate in the browser, the figure the booking
 * service stores and the re-pricing of an admin's edit.
 */
export const PRICING = {
  hourlyRateCents: 120_00,
  hourlyMinimumCents: 300_00,
  /** Hours assumed when an hourly ride has no duration yet. */
  defaultHours: 3,
  oneWayBaseCents: 245_00,
  oneWayMinimumCents: 75_00,
  meetGreetCents: 25_00,
  /** "+$15 each", but a single flat 15 is applied however many seats (spec section 9). */
  childSeatsCents: 15_00,
  serviceFeePercent: 5,
  gratuityPercent: 15,
} as const;

export interface PriceInput {
  tripType: TripType;
  /** Hours, for hourly rides. */
  duration?: number | null;
  meetGreet?: boolean;
  childSeats?: boolean;
  /** The chosen vehicle's baseRate and vehicle 1's: the fare scales by their ratio. Left out: vehicle 1. */
  rates?: { vehicle: Money; vehicleOne: Money };
  /** The booking's facts the offers look at. Left out: no offer (nothing known to check yet). */
  offerFacts?: OfferFacts;
}

/** `percent`% of an amount in cents, rounded half up to a whole cent (integers only). */
export function percentOfCents(cents: number, percent: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Cents must be a non-negative integer: ${cents}`);
  return Math.floor((cents * percent + 50) / 100);
}

export function baseCents(tripType: TripType, duration?: number | null): number {
  if (tripType === 'hourly') {
    const hours = duration && duration > 0 ? Math.floor(duration) : PRICING.defaultHours;
    return Math.max(PRICING.hourlyRateCents * hours, PRICING.hourlyMinimumCents);
  }
  return Math.max(PRICING.oneWayBaseCents, PRICING.oneWayMinimumCents);
}

/** Vehicle 1's fare scaled to another vehicle: fare x rate / vehicle 1's rate, half up to the cent. */
export function vehicleFareCents(fareCents: number, rates?: PriceInput['rates']): number {
  if (!rates) return fareCents;
  const rate = toCents(rates.vehicle);
  const one = toCents(rates.vehicleOne);
  if (one <= 0 || rate === one) return fareCents;
  return Math.floor((fareCents * rate * 2 + one) / (one * 2));
}

/** What an offer saves on a fare, in cents (0 when it would not lower it). */
export function offerSavingCents(fareCents: number, terms: OfferTerms): number {
  if ('percent' in terms) return percentOfCents(fareCents, terms.percent);
  return Math.max(fareCents - terms.fareCents, 0);
}

/** Offers do not combine: the one that saves most applies (the first listed on a tie), if any saves. */
export function bestOffer(fareCents: number, facts: OfferFacts | undefined): { code: OfferCode; savingCents: number } | null {
  if (!facts) return null;
  let best: { code: OfferCode; savingCents: number } | null = null;
  for (const terms of eligibleOffers(facts)) {
    const savingCents = offerSavingCents(fareCents, terms);
    if (savingCents > 0 && (!best || savingCents > best.savingCents)) best = { code: terms.code, savingCents };
  }
  return best;
}

/**
 * Prices a ride: the fare for the vehicle less the best offer, add-ons, service fee (5% of fare
 * + add-ons), gratuity (15% of fare + add-ons + fee). Each line is rounded to the cent and the
 * total is their exact sum, so the lines a customer reads always add up to the total.
 */
export function quotePrice(input: PriceInput): PriceQuote {
  const fare = baseCents(input.tripType, input.duration);
  const vehicleFare = vehicleFareCents(fare, input.rates);
  const offer = bestOffer(vehicleFare, input.offerFacts);
  const base = vehicleFare - (offer?.savingCents ?? 0);
  const meetGreet = input.meetGreet ? PRICING.meetGreetCents : 0;
  const childSeats = input.childSeats ? PRICING.childSeatsCents : 0;
  const addOns = meetGreet + childSeats;
  const serviceFee = percentOfCents(base + addOns, PRICING.serviceFeePercent);
  const gratuity = percentOfCents(base + addOns + serviceFee, PRICING.gratuityPercent);
  const total = base + addOns + serviceFee + gratuity;
  return {
    fare: fromCents(fare),
    vehicle: fromCents(vehicleFare - fare),
    offer: offer ? { code: offer.code, name: OFFER_NAMES[offer.code], saving: fromCents(offer.savingCents) } : null,
    base: fromCents(base),
    meetGreet: fromCents(meetGreet),
    childSeats: fromCents(childSeats),
    addOns: fromCents(addOns),
    serviceFee: fromCents(serviceFee),
    gratuity: fromCents(gratuity),
    total: fromCents(total),
  };
}
