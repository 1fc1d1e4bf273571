/** Freshness of a driver's last reported position (spec section 4). */
export type LocationFreshness = 'live' | 'recent' | 'stale' | 'none';

const MINUTE = 60_000;

function toTime(value: string | Date | null | undefined): number | null {
  if (value == null || value === '') return null;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Under 5 minutes live, under 30 recent, 30 or more stale, no timestamp 'none'. */
export function locationFreshness(lastUpdate: string | Date | null | undefined, now: Date = new Date()): LocationFreshness {
  const time = toTime(lastUpdate);
  if (time === null) return 'none';
  const minutes = Math.max(0, now.getTime() - time) / MINUTE;
  if (minutes < 5) return 'live';
  if (minutes < 30) return 'recent';
  return 'stale';
}

export const FRESHNESS_BADGE: Record<LocationFreshness, { label: string; className: string }> = {
  live: { label: 'Live', className: 'badge-green' },
  recent: { label: 'Recent', className: 'badge-yellow' },
  stale: { label: 'Stale', className: 'badge-red' },
  none: { label: 'No location', className: 'badge-gray' },
};

/** 'Never', 'Just now', 'Nm ago', 'Nh ago', 'Nd ago' (spec section 4). */
export function elapsedText(lastUpdate: string | Date | null | undefined, now: Date = new Date()): string {
  const time = toTime(lastUpdate);
  if (time === null) return 'Never';
  const minutes = Math.floor(Math.max(0, now.getTime() - time) / MINUTE);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** A coordinate to 6 decimals; coordinates arrive as strings in the admin view. */
export function formatCoordinate(value: string | number | null | undefined): string | null {
  if (value == null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n.toFixed(6) : null;
}

/** An OpenStreetMap page with a marker on the position, at zoom 15. */
export function mapsUrl(latitude: string | number, longitude: string | number): string {
  const lat = formatCoordinate(latitude);
  const lng = formatCoordinate(longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`;
}
