import type { DriverOption } from '@limo/contracts';
import { distanceKm, type Point } from '../rates/rate-zones.js';

/*
 * Assign suggestions (issue 35, decisions.md "Live tracking and the dispatch map"): for a ride,
 * the on-duty drivers ranked by who is free for its whole block, then by how near they will be to
 * its pickup at its time. Advice only: the admin still chooses, and the assignment's own rules
 * (overlap, duty) decide. Plain functions, tested as a table.
 */

const KM_PER_MILE = 1.609344;
/** A shared location older than this says nothing about where the driver is now. */
const LOCATION_FRESH_MS = 2 * 3600_000;
/** Where a driver is now says where they will be only for a ride this soon. */
export const LOCATION_HORIZON_MS = 12 * 3600_000;

/** Where a driver will be when the ride starts, as far as dispatch can tell. */
export type ReckonedPosition =
  | { kind: 'previous-drop-off'; point: Point; reference: string }
  | { kind: 'last-location'; point: Point; at: Date }
  | null;

export interface Candidate {
  driverId: number;
  name: string;
  username: string;
  conflict: { bookingId: number; reference: string } | null;
  position: ReckonedPosition;
}

/**
 * Where the driver will be for a ride at `pickupAt`: the drop-off of their ride before it (the one
 * they hold that starts within LOCATION_HORIZON_MS before it), else their last location when it is
 * fresh and the ride is soon, else unknown.
 */
export function reckonPosition(
  previous: { point: Point | null; reference: string } | null,
  location: { lat: number; lon: number; at: Date } | null,
  pickupAt: Date,
  now: Date,
): ReckonedPosition {
  if (previous?.point) return { kind: 'previous-drop-off', point: previous.point, reference: previous.reference };
  if (!location || now.getTime() - location.at.getTime() > LOCATION_FRESH_MS || pickupAt.getTime() - now.getTime() > LOCATION_HORIZON_MS) return null;
  return { kind: 'last-location', point: { lat: location.lat, lon: location.lon }, at: location.at };
}

const milesBetween = (a: Point, b: Point) => Math.round((distanceKm(a, b) / KM_PER_MILE) * 10) / 10;

function whereText(position: NonNullable<ReckonedPosition>, now: Date): string {
  if (position.kind === 'previous-drop-off') return `drop-off of ${position.reference}`;
  const minutes = Math.max(0, Math.round((now.getTime() - position.at.getTime()) / 60_000));
  return `last location, ${minutes === 0 ? 'just now' : `${minutes} min ago`}`;
}

/**
 * The drivers as options, best first: free before busy; among each, nearest to the pickup first,
 * those whose whereabouts are unknown after; then by name. Each says why it stands there.
 */
export function rankDrivers(pickup: Point | null, candidates: readonly Candidate[], now: Date): DriverOption[] {
  const options = candidates.map((c) => {
    const distanceMiles = pickup && c.position ? milesBetween(c.position.point, pickup) : null;
    const availability = c.conflict ? `Busy: ${c.conflict.reference} overlaps this ride` : 'Free for the whole ride';
    const where = !c.position ? 'where they will be is not known' : distanceMiles === null ? `pickup not placed on the map (${whereText(c.position, now)})` : `${distanceMiles} mi from the pickup (${whereText(c.position, now)})`;
    return {
      driverId: c.driverId,
      name: c.name,
      username: c.username,
      free: c.conflict === null,
      conflict: c.conflict,
      distanceMiles,
      from: c.position ? (c.position.kind as DriverOption['from']) : null,
      reason: `${availability}, ${where}`,
    };
  });
  return options.sort(
    (a, b) =>
      Number(!a.free) - Number(!b.free) ||
      Number(a.distanceMiles === null) - Number(b.distanceMiles === null) ||
      (a.distanceMiles ?? 0) - (b.distanceMiles ?? 0) ||
      a.name.localeCompare(b.name),
  );
}
