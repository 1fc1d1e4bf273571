/*
 * The flight-status adapter (decisions.md, "Airport rides"): one interface, a provider chosen by
 * FLIGHT_STATUS_PROVIDER (FlightAware AeroAPI, or the built-in simulated one).
 */

export type FlightState = 'scheduled' | 'delayed' | 'landed' | 'cancelled' | 'diverted' | 'unknown';

/** What a provider knows of one flight on one day. Times are instants; null when it does not say. */
export interface FlightStatus {
  state: FlightState;
  scheduledArrival: Date | null;
  /** The best arrival known: the actual one once landed, else the estimate, else the schedule. */
  estimatedArrival: Date | null;
  /** From outside the United States (customs: the free wait starts later); false when not known. */
  international: boolean;
}

export interface FlightQuery {
  /** As stored: "UA 1542". */
  flightNumber: string;
  /** The Los Angeles date of the flight: its expected arrival's (expectedArrival below), not the pickup's. */
  date: string;
  /**
   * When the ride expects the flight to land (its last known arrival, else the pickup less the
   * domestic free-wait start): picks the right flight among a day's, and is the simulated schedule.
   */
  expectedArrival: Date;
}

export interface FlightStatusProvider {
  status(query: FlightQuery): Promise<FlightStatus>;
}

export const FLIGHT_STATUS_PROVIDER = Symbol('FlightStatusProvider');

/** The provider could not answer now (timeout, 429, a server error, an answer of another shape): the caller keeps what it knew. */
export class FlightStatusUnavailable extends Error {
  constructor(
    readonly reason: 'timeout' | 'rate-limited' | 'failed' | 'garbage',
    detail: string,
  ) {
    super(`flight status unavailable (${reason}): ${detail}`);
    this.name = 'FlightStatusUnavailable';
  }
}

/** The status of a flight nobody knows (the provider has no such flight that day). */
export const UNKNOWN_FLIGHT: FlightStatus = { state: 'unknown', scheduledArrival: null, estimatedArrival: null, international: false };
