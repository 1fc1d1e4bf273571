import { addDays, businessDateTimeOf, businessInstant } from '../common/business-time.js';
import { airportOf, isDowntownLA } from './ride-places.js';
import type { TripType } from './values.js';

/*
 * The offers the site advertises, as they apply to a quote (decisions.md, "Vehicle, passengers
 * and the advertised offers"). Each is a condition on facts the booking itself holds, so the
 * server, the wizard and an admin re-pricing an edit all reach the same answer.
 */

export const OFFER_CODES = ['executive-hour', 'late-flight-love', 'advance-booking', 'group', 'lax-to-downtown'] as const;
export type OfferCode = (typeof OFFER_CODES)[number];

export const OFFER_NAMES: Record<OfferCode, string> = {
  'executive-hour': 'Executive Hour',
  'late-flight-love': 'Late Flight Love',
  'advance-booking': 'Advance Booking',
  group: 'Group Discount',
  'lax-to-downtown': 'LAX to Downtown',
};

export const OFFER_RULES = {
  executiveHour: { percent: 15, from: '10:00', until: '14:00', minHoursAhead: 2 },
  lateFlightLove: { percent: 10, from: '20:00' },
  advanceBooking: { percent: 15, daysAhead: 7 },
  group: { percent: 20, minPassengers: 5 },
  laxToDowntown: { fareCents: 89_00, maxPassengers: 3 },
} as const;

/** What the offers look at, all of it on the booking. */
export interface OfferFacts {
  tripType: TripType;
  /** Los Angeles date and HH:MM of the pickup. */
  pickupDate: string;
  pickupTime: string;
  pickupLocation: string;
  dropoffLocation?: string | null;
  passengers: number;
  /** When the customer booked (for an admin's edit: when the booking was made). */
  bookedAt: Date;
}

/** How an offer changes the fare: a percentage off it, or a fixed fare in its place. */
export type OfferTerms = { code: OfferCode; percent: number } | { code: OfferCode; fareCents: number };

const isWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5;
};

/**
 * 7 days ahead on the Los Angeles calendar and clock, to the minute: booked Tue 09:15 makes the
 * next Tue 09:15 the first pickup that counts, whatever daylight saving did in between.
 */
function isDaysAhead(facts: OfferFacts, days: number): boolean {
  const booked = businessDateTimeOf(facts.bookedAt);
  return `${facts.pickupDate}T${facts.pickupTime}` >= `${addDays(booked.date, days)}T${booked.time}`;
}

const hoursAhead = (facts: OfferFacts) => (businessInstant(facts.pickupDate, facts.pickupTime).getTime() - facts.bookedAt.getTime()) / 3_600_000;

/** Every offer whose conditions hold, in the order the site lists them. */
export function eligibleOffers(facts: OfferFacts): OfferTerms[] {
  const offers: OfferTerms[] = [];
  const { executiveHour: eh, lateFlightLove: lfl, advanceBooking: ab, group, laxToDowntown: ltd } = OFFER_RULES;
  const dropoff = facts.tripType === 'one-way' ? facts.dropoffLocation : null;
  const airportRide = airportOf(facts.pickupLocation) !== null || airportOf(dropoff) !== null;
  if (airportRide && isWeekday(facts.pickupDate) && facts.pickupTime >= eh.from && facts.pickupTime < eh.until && hoursAhead(facts) >= eh.minHoursAhead) {
    offers.push({ code: 'executive-hour', percent: eh.percent });
  }
  if (facts.pickupTime >= lfl.from) offers.push({ code: 'late-flight-love', percent: lfl.percent });
  if (isDaysAhead(facts, ab.daysAhead)) offers.push({ code: 'advance-booking', percent: ab.percent });
  if (facts.passengers >= group.minPassengers) offers.push({ code: 'group', percent: group.percent });
  const laxDowntown =
    (airportOf(facts.pickupLocation) === 'LAX' && isDowntownLA(dropoff)) || (isDowntownLA(facts.pickupLocation) && airportOf(dropoff) === 'LAX');
  if (facts.tripType === 'one-way' && laxDowntown && facts.passengers <= ltd.maxPassengers) {
    offers.push({ code: 'lax-to-downtown', fareCents: ltd.fareCents });
  }
  return offers;
}
