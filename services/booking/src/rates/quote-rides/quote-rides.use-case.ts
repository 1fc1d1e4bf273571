import { Inject, Injectable } from '@nestjs/common';
import {
  businessInstant,
  eligibleOffers,
  fromCents,
  RETURN_TRIP_MESSAGES,
  ROUND_TRIP,
  toCents,
  vehiclesSeating,
  vehicleUnavailable,
  type OfferFacts,
  type PriceQuote,
  type QuoteResponse,
  type RateTable,
  type ReturnTrip,
  type TripType,
  type Vehicle,
  type VehicleRate,
} from '@limo/contracts';
import { badRequest, fieldError } from '@limo/messaging';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../../booking.config.js';
import { FleetVehicles } from '../../fleet/fleet-vehicles.js';
import { CATEGORY_RATES } from '../default-rates.js';
import { PlaceLocator } from '../place-locator.js';
import { hasZoneFare, isAirportRide, quoteRide, type RideToPrice } from '../quote-ride.js';
import { RateTableInForce } from '../rate-table.js';
import { roadMiles } from '../road-miles.js';
import { applyBenefits, applyPlanTransfer, NOTHING_TO_SPEND, remainder, type PlanLeg, type Spendable, type Spent } from '../apply-benefits.js';
import { luggageProblem, seatingProblem, type PricedRide } from '../../rides/ride-rules.js';

/** The ride to quote, as the wizard, a booking or an admin's edit has it (no vehicle: the first that seats the party and holds its luggage). */
export interface RideQuery extends Omit<PricedRide, 'vehicleId'> {
  vehicleId?: number;
  returnTrip?: ReturnTrip;
  /** A stored return leg re-priced: Roundtrip Relax still applies to it. */
  returnLeg?: boolean;
}

export interface RideQuotes extends QuoteResponse {
  /** The table version that priced it. */
  rateVersion: number;
  /** What the chosen vehicle's quote took of the customer's benefits, and its return leg's (each leg holds its own). */
  spent: Spent;
  returnSpent: Spent | null;
}

/** A vehicle's rates: its own row of the table, else its category's defaults; null: it is not priced. */
export function vehicleRateFor(table: RateTable, vehicle: Pick<Vehicle, 'id' | 'category'>): VehicleRate | null {
  const own = table.vehicles.find((v) => v.vehicleId === vehicle.id);
  if (own) return own;
  const category = CATEGORY_RATES[vehicle.category];
  return category ? { vehicleId: vehicle.id, ...category } : null;
}

/**
 * Quotes a ride from the rate table in force: places both ends (PlaceLocator), asks the road miles
 * only when no zone pair prices the ride, and prices it in the chosen vehicle and in every active
 * vehicle that seats the party (the wizard shows each beside it); a round trip's return leg too,
 * held to the round trip's rules (after the outbound ride ends, within 30 days). `bookedAt` is when
 * the customer books (for the offers): now, or for an admin's edit, when the booking was made.
 */
@Injectable()
export class QuoteRides {
  constructor(
    private readonly tables: RateTableInForce,
    private readonly fleet: FleetVehicles,
    private readonly places: PlaceLocator,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /**
   * `draft`: a table the admin is editing, priced instead of the one in force (the Rates page's
   * preview); `everyVehicle: false` prices the chosen vehicle alone (a booking being stored);
   * `rateVersion` prices with that stored version instead of the one in force (a booking's own);
   * `benefits`: a signed-in customer's free ride and credit, taken by the outbound leg first, in
   * every vehicle's price alike; `plan`: instead, a booker's ride for their company, each leg on
   * the month's transfers or billed (plan-legs.ts).
   */
  async execute(
    ride: RideQuery,
    bookedAt: Date,
    {
      draft,
      everyVehicle = true,
      rateVersion,
      benefits = NOTHING_TO_SPEND,
      plan,
    }: { draft?: RateTable; everyVehicle?: boolean; rateVersion?: number; benefits?: Spendable; plan?: { outbound: PlanLeg; back: PlanLeg | null } } = {},
  ): Promise<RideQuotes> {
    const [inForce, vehicles] = await Promise.all([rateVersion === undefined ? this.tables.get() : this.tables.at(rateVersion), this.fleet.list()]);
    const { table, version } = draft ? { table: draft, version: inForce.version } : inForce;
    const passengers = ride.passengers ?? 1;
    const luggage = ride.luggage ?? 0;
    const seating = vehiclesSeating(vehicles, passengers, luggage).filter((v) => vehicleRateFor(table, v));
    const vehicleId = ride.vehicleId ?? seating[0]?.id;
    const unseated = seatingProblem({ vehicleId: vehicleId ?? 0, passengers }, vehicles);
    if (unseated) throw badRequest(unseated);
    const unstowed = luggageProblem({ vehicleId: vehicleId ?? 0, luggage }, vehicles);
    if (unstowed) throw fieldError('luggage', unstowed);
    const chosen = vehicles.find((v) => v.id === vehicleId)!;
    if (!vehicleRateFor(table, chosen)) throw badRequest(vehicleUnavailable(chosen.id));
    if (ride.returnTrip) this.checkReturn(ride, ride.returnTrip);

    const outbound = await this.locate(ride.tripType, ride.pickupLocation, ride.dropoffLocation, table);
    const back = ride.returnTrip ? await this.locate('one-way', ride.returnTrip.pickupLocation || ride.dropoffLocation || '', ride.pickupLocation, table) : null;
    const facts = (date: string, time: string, from: string, to: string | null | undefined): OfferFacts => ({ tripType: ride.tripType, pickupDate: date, pickupTime: time, pickupLocation: from, dropoffLocation: to, passengers, bookedAt });
    // Which offers apply depends on the ride, not the vehicle: found once per leg for every vehicle priced.
    const outboundOffers = eligibleOffers(facts(ride.pickupDate, ride.pickupTime, ride.pickupLocation, ride.dropoffLocation));
    const returnOffers = back && ride.returnTrip ? eligibleOffers(facts(ride.returnTrip.pickupDate, ride.returnTrip.pickupTime, back.pickup.text, back.dropoff?.text)) : [];
    const priceIn = (vehicle: Vehicle) => {
      const rate = vehicleRateFor(table, vehicle)!;
      const outboundQuote = quoteRide({ ...outbound, ...extras(ride), returnLeg: ride.returnLeg, offers: outboundOffers }, table, rate);
      const backQuote = back ? quoteRide({ ...back, ...extras(ride), returnLeg: true, offers: returnOffers }, table, rate) : null;
      if (plan) return onPlan(outboundQuote, backQuote, plan);
      const first = applyBenefits(outboundQuote, benefits, isAirportRide(outbound));
      const second = backQuote && back ? applyBenefits(backQuote, remainder(benefits, first.spent), isAirportRide(back)) : null;
      const [quote, returnQuote] = [first.quote, second?.quote ?? null];
      return { quote, returnQuote, spent: first.spent, returnSpent: second?.spent ?? null, total: fromCents(toCents(quote.total) + (returnQuote ? toCents(returnQuote.total) : 0)) };
    };
    const priced = priceIn(chosen);
    return {
      vehicleId: chosen.id,
      quote: priced.quote,
      returnQuote: priced.returnQuote,
      tripTotal: priced.total,
      vehicles: (everyVehicle ? seating : []).map((v) => {
        const p = v.id === chosen.id ? priced : priceIn(v);
        return { vehicleId: v.id, total: p.total, toBeConfirmed: Boolean(p.quote.toBeConfirmed || p.returnQuote?.toBeConfirmed) };
      }),
      rateVersion: version,
      spent: priced.spent,
      returnSpent: priced.returnSpent,
    };
  }

  /** Both ends placed, and the road miles when no zone pair covers them. */
  private async locate(tripType: TripType, from: string, to: string | null | undefined, table: RateTable): Promise<Pick<RideToPrice, 'tripType' | 'pickup' | 'dropoff' | 'miles' | 'duration'>> {
    const pickup = await this.places.locate(from);
    const dropoff = tripType === 'one-way' ? await this.places.locate(to ?? '') : null;
    let miles: RideToPrice['miles'] = null;
    if (pickup.zones && dropoff?.zones && !hasZoneFare(table, pickup.zones, dropoff.zones)) {
      const [a, b] = await Promise.all([this.places.pointOf(pickup.text), this.places.pointOf(dropoff.text)]);
      if (a && b) miles = await roadMiles(a, b, this.config.ROUTING_URL);
    }
    return { tripType, pickup, dropoff, miles };
  }

  private checkReturn(ride: RideQuery, back: ReturnTrip): void {
    if (ride.tripType !== 'one-way') throw badRequest(RETURN_TRIP_MESSAGES.oneWayOnly);
    const outbound = businessInstant(ride.pickupDate, ride.pickupTime).getTime();
    const ends = outbound + this.config.ONE_WAY_BLOCK_MINUTES * 60_000;
    const returns = businessInstant(back.pickupDate, back.pickupTime).getTime();
    if (returns < ends) throw badRequest(RETURN_TRIP_MESSAGES.beforeOutboundEnds);
    if (returns > outbound + ROUND_TRIP.maxDaysAfter * 24 * 3_600_000) throw badRequest(RETURN_TRIP_MESSAGES.tooLate);
  }
}

/** A company's ride: each leg on the month's transfers or billed; a booker's own benefits are not spent on it. */
function onPlan(outbound: PriceQuote, back: PriceQuote | null, plan: { outbound: PlanLeg; back: PlanLeg | null }) {
  const quote = applyPlanTransfer(outbound, plan.outbound);
  const returnQuote = back && plan.back ? applyPlanTransfer(back, plan.back) : back;
  const none: Spent = { freeRide: false, creditCents: 0 };
  return { quote, returnQuote, spent: none, returnSpent: back ? none : null, total: fromCents(toCents(quote.total) + (returnQuote ? toCents(returnQuote.total) : 0)) };
}

const extras = (ride: RideQuery): Pick<RideToPrice, 'meetGreet' | 'childSeats' | 'duration'> => ({ meetGreet: ride.meetGreet, childSeats: ride.childSeats, duration: ride.duration });


