import {
  businessInstant,
  holdsLuggage,
  pickupTooSoon,
  vehiclesSeating,
  vehicleTooSmall,
  vehicleTooSmallForLuggage,
  vehicleUnavailable,
  type TripType,
  type Vehicle,
} from '@limo/contracts';

/*
 * The rules a ride is held to before it is priced and stored (decisions.md, Vehicle and
 * passengers), as plain functions: each answers what is wrong in the customer's words, or null.
 */

/** What the price and the checks look at: the booking's ride. */
export interface PricedRide {
  tripType: TripType;
  pickupDate: string;
  pickupTime: string;
  pickupLocation: string;
  dropoffLocation?: string | null;
  duration?: number | null;
  /** Null for a booking from a client that does not ask: priced and seated as one. */
  passengers?: number | null;
  /** Suitcases declared (left out: none). */
  luggage?: number;
  vehicleId: number;
  meetGreet: boolean;
  childSeats: boolean;
}

/** A pickup sooner than now + the lead time (or in the past) is refused. */
export function leadTimeProblem(ride: Pick<PricedRide, 'pickupDate' | 'pickupTime'>, now: Date, leadMinutes: number): string | null {
  const pickupAt = businessInstant(ride.pickupDate, ride.pickupTime);
  return pickupAt.getTime() < now.getTime() + leadMinutes * 60_000 ? pickupTooSoon(leadMinutes) : null;
}

/** The vehicle must be in service and seat the party. */
export function seatingProblem(ride: Pick<PricedRide, 'vehicleId' | 'passengers'>, vehicles: readonly Vehicle[]): string | null {
  const vehicle = vehicles.find((v) => v.id === ride.vehicleId && v.isActive);
  if (!vehicle) return vehicleUnavailable(ride.vehicleId);
  const passengers = ride.passengers ?? 1;
  return vehiclesSeating([vehicle], passengers).length === 0 ? vehicleTooSmall(vehicle, passengers) : null;
}

/** The vehicle (in service: seatingProblem says when not) must hold the party's suitcases. */
export function luggageProblem(ride: Pick<PricedRide, 'vehicleId' | 'luggage'>, vehicles: readonly Vehicle[]): string | null {
  const vehicle = vehicles.find((v) => v.id === ride.vehicleId);
  const luggage = ride.luggage ?? 0;
  return vehicle && !holdsLuggage(vehicle, luggage) ? vehicleTooSmallForLuggage(vehicle, luggage) : null;
}
