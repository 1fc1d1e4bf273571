import type { Vehicle } from '../fleet/http.js';
import type { PriceInput } from './pricing.js';

/*
 * Which vehicles a party can ride in (decisions.md): the active ones that seat them and hold
 * their luggage, vehicle 1 first choice when it fits. The wizard offers these and the booking service holds a booking to
 * the same rules. Free of zod, so the home page's quick card can use it before the schemas load.
 */

/** A baseRate ("125.00") in cents, for ordering (rates are always written with two decimals). */
const rateCents = (rate: string) => Number(rate.replace('.', ''));

/** '1 bag', '3 bags', 'No bags': luggage as the site, the emails and the driver's card say it. */
export const bagsText = (count: number): string => (count === 0 ? 'No bags' : `${count} ${count === 1 ? 'bag' : 'bags'}`);

/** The vehicle whose baseRate the spec's price formula is for. */
export const REFERENCE_VEHICLE_ID = 1;

type Seating = Pick<Vehicle, 'id' | 'capacity' | 'luggageCapacity' | 'isActive' | 'baseRate'>;

/** The largest party one active vehicle seats (0 with no active vehicle). */
export const largestCapacity = (vehicles: readonly Seating[]): number => Math.max(0, ...vehicles.filter((v) => v.isActive).map((v) => v.capacity));

/** The most suitcases one active vehicle holds (0 with no active vehicle; a vehicle that does not say counts as none). */
export const largestLuggageCapacity = (vehicles: readonly Seating[]): number =>
  Math.max(0, ...vehicles.filter((v) => v.isActive).map((v) => v.luggageCapacity ?? 0));

/** The vehicle holds this many suitcases (one whose fleet service does not say is not refused for them). */
export const holdsLuggage = (vehicle: Pick<Seating, 'luggageCapacity'>, luggage: number): boolean => vehicle.luggageCapacity === undefined || vehicle.luggageCapacity >= luggage;

/** Active vehicles that seat the party and hold its luggage (none by default), in fleet order. */
export function vehiclesSeating<V extends Seating>(vehicles: readonly V[], passengers: number, luggage = 0): V[] {
  return vehicles.filter((v) => v.isActive && v.capacity >= passengers && holdsLuggage(v, luggage)).sort((a, b) => a.id - b.id);
}

/** Vehicle 1 when it fits the party and its luggage, else the least expensive that does (null: none does). */
export function defaultVehicle<V extends Seating>(vehicles: readonly V[], passengers: number, luggage = 0): V | null {
  const fitting = vehiclesSeating(vehicles, passengers, luggage);
  return fitting.find((v) => v.id === REFERENCE_VEHICLE_ID) ?? [...fitting].sort((a, b) => rateCents(a.baseRate) - rateCents(b.baseRate) || a.id - b.id)[0] ?? null;
}

/**
 * The rates the pricing module scales the fare with: the chosen vehicle's and vehicle 1's
 * (vehicle 1 counts even when it is out of service; with no vehicle 1 there is nothing to scale by).
 */
export function ratesFor(vehicles: readonly Seating[], vehicleId: number): PriceInput['rates'] {
  const chosen = vehicles.find((v) => v.id === vehicleId);
  const one = vehicles.find((v) => v.id === REFERENCE_VEHICLE_ID);
  return chosen && one ? { vehicle: chosen.baseRate, vehicleOne: one.baseRate } : undefined;
}
