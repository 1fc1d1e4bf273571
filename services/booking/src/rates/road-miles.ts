import { distanceKm, type Point } from './rate-zones.js';

const KM_PER_MILE = 1.609344;
/** decisions.md: without a routing service, road miles are the great-circle distance x 1.3. */
const ROAD_FACTOR = 1.3;

export interface RoadMiles {
  value: number;
  /** From the routing service, rather than estimated. */
  routed: boolean;
}

const estimatedMiles = (a: Point, b: Point): RoadMiles => ({ value: (distanceKm(a, b) / KM_PER_MILE) * ROAD_FACTOR, routed: false });

/**
 * Road miles from an OSRM-compatible routing service (`GET {url}/route/v1/driving/{lon},{lat};{lon},{lat}`),
 * or the estimate when it is not configured, slow (2 s) or answers anything but a route.
 */
export async function roadMiles(a: Point, b: Point, routingUrl?: string, fetcher: typeof fetch = fetch): Promise<RoadMiles> {
  if (!routingUrl) return estimatedMiles(a, b);
  try {
    const url = new URL(`route/v1/driving/${a.lon},${a.lat};${b.lon},${b.lat}`, routingUrl.endsWith('/') ? routingUrl : `${routingUrl}/`);
    url.searchParams.set('overview', 'false');
    const res = await fetcher(url, { signal: AbortSignal.timeout(2_000), headers: { Accept: 'application/json' } });
    const body = (await res.json()) as { code?: string; routes?: { distance?: unknown }[] };
    const meters = body.routes?.[0]?.distance;
    if (!res.ok || body.code !== 'Ok' || typeof meters !== 'number' || !Number.isFinite(meters) || meters < 0) return estimatedMiles(a, b);
    return { value: meters / 1000 / KM_PER_MILE, routed: true };
  } catch {
    return estimatedMiles(a, b);
  }
}
