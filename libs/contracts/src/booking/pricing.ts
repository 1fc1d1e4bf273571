import { z } from 'zod';
import { fromCents, Money } from '../common/money.js';
import type { TripType } from './values.js';

/**
 * The price rules of spec section 9, in integer cents. One module prices a ride everywhere: the
 * wizard's estimate in the browser and the figure the booking service stores.
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

/** The itemised quote locked to a booking: every line and the total, exact to the cent. */
export const PriceQuote = z.object({
  base: Money,
  meetGreet: Money,
  childSeats: Money,
  addOns: Money,
  serviceFee: Money,
  gratuity: Money,
  total: Money,
});
export type PriceQuote = z.infer<typeof PriceQuote>;

export interface PriceInput {
  tripType: TripType;
  /** Hours, for hourly rides. */
  duration?: number | null;
  meetGreet?: boolean;
  childSeats?: boolean;
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

/**
 * Prices a ride: base, add-ons, service fee (5% of base + add-ons), gratuity (15% of base +
 * add-ons + fee). Each line is rounded to the cent and the total is their exact sum, so the
 * lines a customer reads always add up to the total.
 */
export function quotePrice(input: PriceInput): PriceQuote {
  const base = baseCents(input.tripType, input.duration);
  const meetGreet = input.meetGreet ? PRICING.meetGreetCents : 0;
  const childSeats = input.childSeats ? PRICING.childSeatsCents : 0;
  const addOns = meetGreet + childSeats;
  const serviceFee = percentOfCents(base + addOns, PRICING.serviceFeePercent);
  const gratuity = percentOfCents(base + addOns + serviceFee, PRICING.gratuityPercent);
  const total = base + addOns + serviceFee + gratuity;
  return {
    base: fromCents(base),
    meetGreet: fromCents(meetGreet),
    childSeats: fromCents(childSeats),
    addOns: fromCents(addOns),
    serviceFee: fromCents(serviceFee),
    gratuity: fromCents(gratuity),
    total: fromCents(total),
  };
}
