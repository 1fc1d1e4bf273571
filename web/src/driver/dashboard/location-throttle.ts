/** How often the dashboard sends the driver's position while on duty. */
export const LOCATION_SENDING = {
  /** Never more often than this. */
  minIntervalMs: 10_000,
  /** A move of this many metres is worth sending (once the interval allows). */
  minMoveMeters: 50,
  /**
   * A driver who has not moved is sent again after this long, so the admin's Driver Locations
   * keeps showing them live (live means an update in the last 5 minutes, spec section 4).
   */
  heartbeatMs: 2 * 60_000,
} as const;

export interface Position {
  latitude: number;
  longitude: number;
}

export interface SentPosition extends Position {
  /** When it was sent (ms since the epoch). */
  at: number;
}

/** Distance between two positions in metres (haversine on a 6371 km sphere: plenty for 50 m). */
export function distanceMeters(a: Position, b: Position): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type SendDecision = { send: 'now' } | { send: 'later'; inMs: number } | { send: 'no' };

/**
 * Whether to send `position` at `now`, given the last one sent: the first at once; a move of
 * 50 m or more at once if 10 s have passed since the last send, else when they have; no move,
 * only as the heartbeat.
 */
export function locationDecision(last: SentPosition | null, position: Position, now: number): SendDecision {
  if (!last) return { send: 'now' };
  const elapsed = now - last.at;
  if (distanceMeters(last, position) >= LOCATION_SENDING.minMoveMeters) {
    return elapsed >= LOCATION_SENDING.minIntervalMs ? { send: 'now' } : { send: 'later', inMs: LOCATION_SENDING.minIntervalMs - elapsed };
  }
  return elapsed >= LOCATION_SENDING.heartbeatMs ? { send: 'now' } : { send: 'no' };
}

/** "Last sent 12 s ago", "Last sent 3 min ago". */
export function lastSentText(at: number | null, now: number): string {
  if (at === null) return 'Not sent yet';
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return `Last sent ${seconds} s ago`;
  return `Last sent ${Math.floor(seconds / 60)} min ago`;
}
