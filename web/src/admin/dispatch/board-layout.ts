import { addDays, businessInstant } from '@limo/contracts/common/business-time';
import type { BoardDriver, BoardRide } from '@limo/contracts';
import { locationFreshness } from '../dashboard/location-format';
import { FLIGHT_ALERT_LABELS } from '../dashboard/dispatch-format';

/*
 * The dispatch board's layout as plain functions (tested without a browser): where a ride's bar
 * sits on the day, which bars of a driver overlap, which rides are at risk, and the rows' order.
 */

const HOUR_MS = 3_600_000;
/** Within this before a pickup not yet started, a driver's stale location (location-format.ts) puts the ride at risk. */
const AT_RISK_BEFORE_PICKUP_MS = 60 * 60_000;

/** The day on the board: Los Angeles midnight to midnight (23 or 25 hours when the clocks change). */
export interface DayWindow {
  start: number;
  end: number;
  hours: number;
}

export function dayWindow(date: string): DayWindow {
  const start = businessInstant(date, '00:00').getTime();
  const end = businessInstant(addDays(date, 1), '00:00').getTime();
  return { start, end, hours: (end - start) / HOUR_MS };
}

/** A bar's place on the day, in hours from midnight, cut at the day's edges (a block past midnight ends there). */
export function barSpan(ride: Pick<BoardRide, 'pickupAt' | 'blockEnd'>, day: DayWindow): { from: number; length: number; cutAtMidnight: boolean } {
  const from = Math.max(day.start, Date.parse(ride.pickupAt));
  const to = Math.min(day.end, Date.parse(ride.blockEnd));
  return { from: (from - day.start) / HOUR_MS, length: Math.max(0, to - from) / HOUR_MS, cutAtMidnight: Date.parse(ride.blockEnd) > day.end };
}

/** Whether a ride holds its driver: an offer waiting, confirmed or under way (decisions.md, the overlap rule). */
const holdsDriver = (ride: Pick<BoardRide, 'status' | 'driverId' | 'driverResponse'>) =>
  ride.driverId !== null && (ride.status === 'confirmed' || ride.status === 'in-progress' || (ride.status === 'pending' && ride.driverResponse === 'pending'));

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const overlaps = (a: Pick<BoardRide, 'pickupAt' | 'blockEnd'>, b: Pick<BoardRide, 'pickupAt' | 'blockEnd'>) =>
  Date.parse(a.pickupAt) < Date.parse(b.blockEnd) && Date.parse(b.pickupAt) < Date.parse(a.blockEnd);

/**
 * The rides whose blocks overlap another ride holding the same driver, each with the other's
 * reference. The database refuses such a pair when assigned; the board still shows one that arose
 * (a block lengthened by the settings) rather than hide it. Sorted sweep: n log n for a whole day.
 */
export function conflicts(rides: readonly BoardRide[]): Map<number, string> {
  const found = new Map<number, string>();
  const byDriver = new Map<number, BoardRide[]>();
  for (const ride of rides) if (holdsDriver(ride)) pushTo(byDriver, ride.driverId!, ride);
  for (const held of byDriver.values()) {
    held.sort((a, b) => Date.parse(a.pickupAt) - Date.parse(b.pickupAt));
    let latest: BoardRide | undefined;
    for (const ride of held) {
      if (latest && overlaps(latest, ride)) {
        found.set(ride.id, latest.reference);
        if (!found.has(latest.id)) found.set(latest.id, ride.reference);
      }
      if (!latest || Date.parse(ride.blockEnd) > Date.parse(latest.blockEnd)) latest = ride;
    }
  }
  return found;
}

/**
 * Why a ride may go wrong, in words: its flight's alert, or its driver's location gone stale (or
 * never shared) within the hour before a pickup not yet started.
 */
export function risks(ride: BoardRide, driver: BoardDriver | undefined, now: Date): string[] {
  const found: string[] = [];
  if (ride.flightAlert) found.push(`Flight ${ride.flightNumber ?? ''}: ${FLIGHT_ALERT_LABELS[ride.flightAlert.kind].toLowerCase()}`.replace('  ', ' '));
  const untilPickup = Date.parse(ride.pickupAt) - now.getTime();
  const notStarted = ride.status === 'confirmed' || (ride.status === 'pending' && ride.driverResponse === 'pending');
  if (driver && holdsDriver(ride) && notStarted && untilPickup <= AT_RISK_BEFORE_PICKUP_MS) {
    const freshness = locationFreshness(driver.location?.at, now);
    if (freshness === 'stale') found.push('Driver location stale');
    if (freshness === 'none') found.push('Driver location unknown');
  }
  return found;
}

/**
 * Stacks a lane's bars into tracks so none covers another: each bar takes the first track free at
 * its start (greedy interval partitioning, by start time). Answers each ride's track and the count.
 */
export function packTracks(rides: readonly Pick<BoardRide, 'id' | 'pickupAt' | 'blockEnd'>[]): { track: Map<number, number>; count: number } {
  const ends: number[] = [];
  const track = new Map<number, number>();
  for (const ride of [...rides].sort((a, b) => Date.parse(a.pickupAt) - Date.parse(b.pickupAt))) {
    const start = Date.parse(ride.pickupAt);
    let t = ends.findIndex((end) => end <= start);
    if (t === -1) t = ends.push(0) - 1;
    ends[t] = Date.parse(ride.blockEnd);
    track.set(ride.id, t);
  }
  return { track, count: Math.max(1, ends.length) };
}

/** One row of the board: a driver's rides, or (driver null) the rides with no driver. */
export interface Lane {
  driver: BoardDriver | null;
  rides: BoardRide[];
}

/**
 * The lanes: the unassigned rides first, then the drivers on duty, then off duty, each by name.
 * A ride whose driver is no longer active keeps a row of its own, so it is not lost.
 */
export function lanes(board: { rides: readonly BoardRide[]; drivers: readonly BoardDriver[] }): Lane[] {
  const byDriver = new Map<number, BoardRide[]>();
  const unassigned: BoardRide[] = [];
  for (const ride of board.rides) {
    if (ride.driverId === null) unassigned.push(ride);
    else pushTo(byDriver, ride.driverId, ride);
  }
  const known = new Set(board.drivers.map((d) => d.id));
  const gone: BoardDriver[] = [...byDriver.keys()].filter((id) => !known.has(id)).map((id) => ({ id, name: `Driver #${id} (inactive)`, onDuty: false, location: null }));
  const drivers = [...board.drivers, ...gone].sort((a, b) => Number(b.onDuty) - Number(a.onDuty) || a.name.localeCompare(b.name));
  return [{ driver: null, rides: unassigned }, ...drivers.map((driver) => ({ driver, rides: byDriver.get(driver.id) ?? [] }))];
}

/**
 * What a driver's lane says while a ride is dragged over it, before the drop asks the server
 * (whose rules decide): off duty, busy with a ride whose block overlaps, or free for it.
 */
export function dropHint(ride: Pick<BoardRide, 'id' | 'pickupAt' | 'blockEnd'>, lane: Lane): string {
  if (!lane.driver) return '';
  if (!lane.driver.onDuty) return 'Off duty: cannot be offered rides';
  const busy = lane.rides.find((other) => other.id !== ride.id && holdsDriver(other) && overlaps(other, ride));
  return busy ? `Busy: ${busy.reference} overlaps this ride` : 'Free for this ride';
}

/** An offer waiting for its driver's answer (its deadline may not be known yet: a live update does not carry it). */
export const offerWaiting = (ride: Pick<BoardRide, 'status' | 'driverId' | 'driverResponse'>) => ride.status === 'pending' && ride.driverId !== null && ride.driverResponse === 'pending';

/**
 * A ride that still needs a driver: pending with no driver (none asked, or the last one declined or
 * let the offer expire), as the bell counts it. A completed, under-way or cancelled ride without a
 * driver stays in the unassigned lane but no longer needs one; a confirmed ride cannot be offered.
 */
const needsDriver = (ride: Pick<BoardRide, 'status' | 'driverId'>) => ride.status === 'pending' && ride.driverId === null;

/** What the unassigned lane says of its rides: how many still need a driver. */
export function needingDriverText(rides: readonly Pick<BoardRide, 'status' | 'driverId'>[]): string {
  const n = rides.filter(needsDriver).length;
  return n === 1 ? '1 ride needs a driver' : `${n} rides need a driver`;
}

/** The board's summary line: its rides, those that need a driver, the offers waiting and the drivers on duty. */
export function boardCounts(board: { rides: readonly BoardRide[]; drivers: readonly BoardDriver[] }) {
  return {
    rides: board.rides.length,
    unassigned: board.rides.filter(needsDriver).length,
    offers: board.rides.filter(offerWaiting).length,
    drivers: board.drivers.length,
    onDuty: board.drivers.filter((d) => d.onDuty).length,
  };
}

/** Whether the bar may be dragged onto a driver: a pending ride (the assign rules decide the rest). */
export const canAssign = (ride: Pick<BoardRide, 'status'>) => ride.status === 'pending';
