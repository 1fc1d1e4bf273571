import {
  eligibleOffers,
  fromCents,
  OFFER_NAMES,
  percentOfCents,
  toCents,
  type AppliedOffer,
  type OfferFacts,
  type OfferTerms,
  type PriceQuote,
  type QuoteLine,
  type RateTable,
  type TripType,
  type VehicleRate,
} from '@limo/contracts';
import type { Zone } from './rate-zones.js';

/** decisions.md: the parts of every total (not rates of the table: the site states them as fixed). */
const SERVICE_FEE_PERCENT = 5;
const GRATUITY_PERCENT = 15;
export const INCLUDES = `${SERVICE_FEE_PERCENT}% service fee and ${GRATUITY_PERCENT}% gratuity included`;

/** Where one end of the ride is, as far as the server could place it. */
export interface LocatedEnd {
  /** The text as the customer left it. */
  text: string;
  /** The zones it lies in, most specific first; null when the server could not place it. */
  zones: Zone[] | null;
}

export interface RideToPrice {
  tripType: TripType;
  duration?: number | null;
  meetGreet: boolean;
  childSeats: boolean;
  pickup: LocatedEnd;
  dropoff: LocatedEnd | null;
  /** Road miles between the two ends (one-way rides both placed), and whether a routing service gave them. */
  miles: { value: number; routed: boolean } | null;
  /** What the offers look at; left out: no offer (the price guide's regular figures). */
  offerFacts?: OfferFacts;
  /** The offers whose conditions hold, found once by a caller pricing the ride in several vehicles (else from offerFacts). */
  offers?: readonly OfferTerms[];
  /** The return leg of a round trip: Roundtrip Relax may apply. */
  returnLeg?: boolean;
}

/** `percent`% of cents, half up; `cents` x percent / 100 for any sign. */
const scale = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);
const money = fromCents;
const dollars = (cents: number) => `$${fromCents(cents)}`;

/** Whether a zone pair prices a ride between these ends (so no road miles are needed). */
export const hasZoneFare = (table: RateTable, from: Zone[], to: Zone[]) => zoneFare(table, from, to) !== null;

/** The first zone pair with a fare, the most specific ends first; either way round. */
function zoneFare(table: RateTable, from: Zone[], to: Zone[]): { cents: number; from: Zone; to: Zone } | null {
  for (const a of from) {
    for (const b of to) {
      const fare = table.zoneFares.find((f) => (f.from === a.id && f.to === b.id) || (f.from === b.id && f.to === a.id));
      if (fare) return { cents: toCents(fare.fare), from: a, to: b };
    }
  }
  return null;
}

const isAirport = (end: LocatedEnd | null) => end?.zones?.some((z) => z.kind === 'airport') ?? false;

/** A ride from an airport, or a transfer to one: it takes the airport surcharge, and Next One's on Us counts it. */
export const isAirportRide = (ride: Pick<RideToPrice, 'tripType' | 'pickup' | 'dropoff'>) => isAirport(ride.pickup) || (ride.tripType === 'one-way' && isAirport(ride.dropoff));

/** The fare line for the ride in the vehicle, before any offer. */
function fareOf(ride: RideToPrice, table: RateTable, vehicle: VehicleRate) {
  if (ride.tripType === 'hourly') {
    const asked = ride.duration && ride.duration > 0 ? ride.duration : vehicle.minimumHours;
    const hours = Math.max(asked, vehicle.minimumHours);
    const raised = hours > asked ? ` (${vehicle.minimumHours}-hour minimum)` : '';
    return { cents: toCents(vehicle.hourlyRate) * hours, method: 'hourly' as const, pricedAs: `${hours} hours at ${dollars(toCents(vehicle.hourlyRate))} an hour${raised}`, toBeConfirmed: null };
  }
  const { pickup, dropoff } = ride;
  const unplaced = [pickup, dropoff].find((end) => !end?.zones);
  if (unplaced || !dropoff) {
    return {
      cents: scale(toCents(table.distance.minimum), vehicle.transferPercent),
      method: 'minimum' as const,
      pricedAs: 'Our minimum fare',
      toBeConfirmed: `We could not place "${unplaced?.text ?? ''}": this is our minimum fare, to be confirmed on the call`,
    };
  }
  const pair = zoneFare(table, pickup.zones!, dropoff.zones!);
  if (pair) return { cents: scale(pair.cents, vehicle.transferPercent), method: 'zone' as const, pricedAs: `${pair.from.name} to ${pair.to.name}`, toBeConfirmed: null };
  // Miles to the tenth, as the quote shows them; the mile rate in whole cents, half up.
  const tenths = Math.round((ride.miles?.value ?? 0) * 10);
  const miles = tenths / 10;
  const distance = toCents(table.distance.flagFall) + Math.floor((toCents(table.distance.perMile) * tenths + 5) / 10);
  const cents = scale(Math.max(distance, toCents(table.distance.minimum)), vehicle.transferPercent);
  const estimate = ride.miles?.routed ? '' : ' (estimated)';
  return { cents, method: 'distance' as const, pricedAs: `${miles.toFixed(1)} road miles${estimate}`, toBeConfirmed: null };
}

/** The best single offer for the fare (decisions.md: offers do not combine), or the return leg's discount. */
function bestSaving(ride: RideToPrice, fareCents: number, surchargeCents: number, table: RateTable, vehicle: VehicleRate) {
  let best: { offer: AppliedOffer | null; cents: number; label: string } | null = null;
  const consider = (offer: AppliedOffer | null, cents: number, label: string) => {
    if (cents > 0 && (!best || cents > best.cents)) best = { offer, cents, label };
  };
  for (const terms of ride.offers ?? (ride.offerFacts ? eligibleOffers(ride.offerFacts) : [])) {
    const name = OFFER_NAMES[terms.code];
    if ('percent' in terms) {
      const cents = percentOfCents(fareCents, terms.percent);
      consider({ code: terms.code, name, saving: money(cents) }, cents, `${name} (${terms.percent}% off the fare)`);
    } else {
      // The special's all-in price (fare and airport surcharge) for this vehicle: $89 in the Executive Sedan.
      const special = scale(terms.fareCents, vehicle.transferPercent);
      const cents = Math.max(fareCents + surchargeCents - special, 0);
      consider({ code: terms.code, name, saving: money(cents) }, cents, `${name} special (${dollars(special)} instead of ${dollars(fareCents + surchargeCents)})`);
    }
  }
  if (ride.returnLeg && table.returnLegPercent > 0) {
    consider(null, percentOfCents(fareCents, table.returnLegPercent), `Roundtrip Relax (${table.returnLegPercent}% off the return)`);
  }
  return best as { offer: AppliedOffer | null; cents: number; label: string } | null;
}

/** The pre-fee share of an all-in amount: amount / (1.05 x 1.15), half up to the cent. */
function netOf(cents: number): number {
  const divisor = (100 + SERVICE_FEE_PERCENT) * (100 + GRATUITY_PERCENT); // 12075
  return Math.floor((cents * 10_000 * 2 + divisor) / (divisor * 2));
}

/**
 * Prices a ride in one vehicle from the rate table: the fare (zone pair, road miles, hours, or the
 * minimum when an end could not be placed), the airport surcharge, the extras and the best offer,
 * every amount all-in; then the service fee and gratuity as the parts of the total they are. The
 * lines add up to the total exactly.
 */
export function quoteRide(ride: RideToPrice, table: RateTable, vehicle: VehicleRate): PriceQuote {
  const fare = fareOf(ride, table, vehicle);
  const surcharge = isAirportRide(ride) ? toCents(table.extras.airportSurcharge) : 0;
  const meetGreet = ride.meetGreet ? toCents(table.extras.meetGreet) : 0;
  const childSeats = ride.childSeats ? toCents(table.extras.childSeat) : 0;
  const saving = bestSaving(ride, fare.cents, surcharge, table, vehicle);
  const savingCents = saving?.cents ?? 0;

  const lines: QuoteLine[] = [{ code: 'fare', label: ride.tripType === 'hourly' ? `Hourly: ${fare.pricedAs}` : `Transfer fare: ${fare.pricedAs}`, amount: money(fare.cents) }];
  if (surcharge) lines.push({ code: 'airport-surcharge', label: 'Airport surcharge', amount: money(surcharge) });
  if (meetGreet) lines.push({ code: 'meet-greet', label: 'Meet & Greet', amount: money(meetGreet) });
  if (childSeats) lines.push({ code: 'child-seats', label: 'Child safety seats', amount: money(childSeats) });
  if (saving) lines.push({ code: saving.offer ? 'offer' : 'return-discount', label: saving.label, amount: money(-savingCents) });

  const total = fare.cents + surcharge + meetGreet + childSeats - savingCents;
  const net = netOf(total);
  const serviceFee = percentOfCents(net, SERVICE_FEE_PERCENT);
  const gratuity = total - net - serviceFee;
  const extrasNet = Math.min(netOf(meetGreet + childSeats), net);
  const meetGreetNet = Math.min(netOf(meetGreet), extrasNet);
  return {
    fare: money(fare.cents),
    vehicle: '0.00',
    offer: saving?.offer ?? null,
    base: money(net - extrasNet),
    meetGreet: money(meetGreetNet),
    childSeats: money(extrasNet - meetGreetNet),
    addOns: money(extrasNet),
    serviceFee: money(serviceFee),
    gratuity: money(gratuity),
    total: money(total),
    lines,
    method: fare.method,
    pricedAs: fare.pricedAs,
    includes: `${INCLUDES}: service fee ${dollars(serviceFee)}, gratuity ${dollars(gratuity)}`,
    toBeConfirmed: fare.toBeConfirmed,
    ...(saving && !saving.offer ? { returnDiscount: money(savingCents) } : {}),
    ...(surcharge ? { airportSurcharge: money(surcharge) } : {}),
  };
}
