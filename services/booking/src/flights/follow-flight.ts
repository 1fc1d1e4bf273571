import { businessDateTimeOf, FLIGHT_FREE_WAIT_START_MINUTES, formatBusinessInstant, pickupAfterArrival } from '@limo/contracts';
import type { FlightStatus } from './flight-status.js';

/*
 * What a flight's status does to the ride it arrives for (decisions.md, "Airport rides"), as plain
 * functions: when to ask, what the ride expects, whether the pickup moves and the words for it.
 */

/** The ride as the flight poll reads it. */
export interface FollowedRide {
  flightNumber: string;
  pickupAt: Date;
  pickupPinned: boolean;
  flightScheduledArrival: Date | null;
  flightArrival: Date | null;
  flightStatus: string | null;
  flightCheckedAt: Date | null;
}

export interface PollCadence {
  /** The shortest interval: every poll in the last hour before the pickup. */
  pollSeconds: number;
}

/**
 * How long a ride's last answer stays fresh: the poll interval in the last hour before the pickup,
 * 3 of them up to 3 hours before, 6 before that. A ride never asked, or asked again (a what-if
 * changed its flight), is due at once.
 */
export function isDue(ride: Pick<FollowedRide, 'pickupAt' | 'flightCheckedAt'>, now: Date, cadence: PollCadence): boolean {
  if (ride.flightCheckedAt === null) return true;
  const untilPickup = ride.pickupAt.getTime() - now.getTime();
  const factor = untilPickup <= 3600_000 ? 1 : untilPickup <= 3 * 3600_000 ? 3 : 6;
  // A little slack, so a ride checked a moment after the last poll started is due at this one.
  return now.getTime() - ride.flightCheckedAt.getTime() >= factor * cadence.pollSeconds * 1000 - 1000;
}

/** When the ride expects its flight: the schedule last seen, else the booked pickup less the domestic free-wait start. */
export function expectedArrival(ride: Pick<FollowedRide, 'pickupAt' | 'flightScheduledArrival'>): Date {
  return ride.flightScheduledArrival ?? new Date(ride.pickupAt.getTime() - FLIGHT_FREE_WAIT_START_MINUTES.domestic * 60_000);
}

export type FlightOutcome =
  /** Nothing to change but the record of the answer. */
  | { kind: 'noted'; news: string | null }
  /** The arrival moved and the pickup follows it. */
  | { kind: 'move'; pickupAt: Date; pickupDate: string; pickupTime: string; detail: string };

const minute = (d: Date) => Math.floor(d.getTime() / 60_000);
const clock = (d: Date) => businessDateTimeOf(d).time;

/**
 * The ride's answer to a flight status: a new arrival (a delay, an earlier landing, a delay
 * withdrawn) moves the pickup to the arrival plus the free-wait start, unless the admin pinned
 * it; the first answer that agrees with the schedule changes nothing (the customer chose the
 * pickup). Cancelled, diverted and unknown flights never move the pickup: the ride keeps its time
 * and its history says so once (`news`).
 */
export function followFlight(ride: FollowedRide, status: FlightStatus): FlightOutcome {
  const flight = `Flight ${ride.flightNumber}`;
  if (status.state === 'cancelled' || status.state === 'diverted' || status.state === 'unknown') {
    if (ride.flightStatus === status.state) return { kind: 'noted', news: null };
    const what = status.state === 'unknown' ? 'is not known to the flight-status provider' : `is ${status.state}`;
    return { kind: 'noted', news: `${flight} ${what}: pickup kept at ${clock(ride.pickupAt)}; check with the customer` };
  }
  const arrival = status.estimatedArrival;
  if (arrival === null) return { kind: 'noted', news: null };
  const baseline = ride.flightArrival ?? status.scheduledArrival ?? arrival;
  if (minute(arrival) === minute(baseline)) return { kind: 'noted', news: null };
  const verb = status.state === 'landed' ? 'landed' : 'now lands';
  const target = pickupAfterArrival(arrival, status.international);
  if (ride.pickupPinned) return { kind: 'noted', news: `${flight} ${verb} ${clock(arrival)}: pickup pinned at ${clock(ride.pickupAt)}, not moved` };
  if (minute(target) === minute(ride.pickupAt)) return { kind: 'noted', news: null };
  const wall = businessDateTimeOf(target);
  const day = wall.date === businessDateTimeOf(ride.pickupAt).date ? '' : ` (${formatBusinessInstant(target)})`;
  return {
    kind: 'move',
    pickupAt: target,
    pickupDate: wall.date,
    pickupTime: wall.time,
    detail: `${flight} ${verb} ${clock(arrival)}: pickup moved ${clock(ride.pickupAt)} → ${wall.time}${day}`,
  };
}
