import { airportOf } from './ride-places.js';

/*
 * The flight of an airport ride (decisions.md, "Airport rides"): the arriving flight of a pickup at
 * an airport, or the departing flight of a drop-off at one. Free of zod so that the wizard's
 * fields can ask these before the schemas load (flight.ts has the schema).
 */

export const FLIGHT_MESSAGES = {
  shape: "Flight number must look like UA 1542: the airline's two-character code, then up to four digits",
  notAirport: 'A flight number goes with a ride to or from an airport',
} as const;

/** IATA airline designator (two letters or digits, at least one letter), 1-4 digits, an optional suffix letter. */
const SHAPE = /^(?=[A-Z0-9]?[A-Z])([A-Z0-9]{2})\s*(\d{1,4})([A-Z]?)$/;

/** "ua1542", "UA 1542" and "UA  01542"... read as "UA 1542"; null when the text has another shape. */
export function normalizeFlightNumber(text: string): string | null {
  const match = SHAPE.exec(text.trim().toUpperCase());
  return match ? `${match[1]} ${Number(match[2])}${match[3]}` : null;
}

/** Whether a ride can carry a flight: its pickup is an airport, or (one-way) its drop-off is. */
export function rideTouchesAirport(ride: { tripType?: unknown; pickupLocation?: unknown; dropoffLocation?: unknown }): boolean {
  const at = (place: unknown) => typeof place === 'string' && airportOf(place) !== null;
  return at(ride.pickupLocation) || (ride.tripType === 'one-way' && at(ride.dropoffLocation));
}

/** Which way the flight goes for the ride: arriving at a pickup airport, else departing from the drop-off's. */
export function flightDirection(ride: { pickupLocation: string }): 'arriving' | 'departing' {
  return airportOf(ride.pickupLocation) !== null ? 'arriving' : 'departing';
}

/** "UA 1542, arriving" for the ride's flight; null when it has none. */
export function flightText(ride: { pickupLocation: string; flightNumber?: string | null }): string | null {
  return ride.flightNumber ? `${ride.flightNumber}, ${flightDirection(ride)}` : null;
}

/**
 * Where the free wait starts after an arriving flight lands (decisions.md, "Airport rides"): the
 * pickup that follows a flight is its arrival plus this, 15 minutes after a domestic flight and 45
 * after an international one (customs).
 */
export const FLIGHT_FREE_WAIT_START_MINUTES = { domestic: 15, international: 45 } as const;

/** The pickup for a flight arriving at `arrival`: the arrival plus the free-wait start. */
export function pickupAfterArrival(arrival: Date, international: boolean): Date {
  const minutes = international ? FLIGHT_FREE_WAIT_START_MINUTES.international : FLIGHT_FREE_WAIT_START_MINUTES.domestic;
  return new Date(arrival.getTime() + minutes * 60_000);
}
