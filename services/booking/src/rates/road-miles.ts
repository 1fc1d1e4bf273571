import { distanceKm, type Point } from './rate-zones.js';

const KM_PER_MILE = 1.609344;
/** decisions.md: without a routing service, road miles are the great-circle distance x 1.3. */
const ROAD_FACTOR = 1.3;

export interface RoadMiles {
  value: number;
  /** From the routing service, rather than estimated. */
  routed: boolean;
}

/** A road route: its miles, and from the routing service its driving time and its line ([lat, lon] pairs). */
export interface RoadRoute extends RoadMiles {
  seconds: number | null;
  line: [number, number][] | null;
}

const estimated = (a: Point, b: Point): RoadRoute => ({ value: (distanceKm(a, b) / KM_PER_MILE) * ROAD_FACTOR, routed: false, seconds: null, line: null });

interface OsrmAnswer {
  code?: string;
  routes?: { distance?: unknown; duration?: unknown; geometry?: { coordinates?: unknown } }[];
}

const finiteNonNegative = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
const isLonLat = (c: unknown): c is [number, number] => Array.isArray(c) && c.length >= 2 && Number.isFinite(c[0]) && Number.isFinite(c[1]);

/**
 * A road route from an OSRM-compatible routing service (`GET {url}/route/v1/driving/{lon},{lat};{lon},{lat}`),
 * with its line when `line` is asked (GeoJSON geometry, simplified), or the estimate when the
 * service is not configured, slow (2 s) or answers anything but a route.
 */
export async function roadRoute(a: Point, b: Point, routingUrl?: string, { line = false, fetcher = fetch }: { line?: boolean; fetcher?: typeof fetch } = {}): Promise<RoadRoute> {
  if (!routingUrl) return estimated(a, b);
  try {
    const url = new URL(`route/v1/driving/${a.lon},${a.lat};${b.lon},${b.lat}`, routingUrl.endsWith('/') ? routingUrl : `${routingUrl}/`);
    url.searchParams.set('overview', line ? 'simplified' : 'false');
    if (line) url.searchParams.set('geometries', 'geojson');
    const res = await fetcher(url, { signal: AbortSignal.timeout(2_000), headers: { Accept: 'application/json' } });
    const body = (await res.json()) as OsrmAnswer;
    const route = body.routes?.[0];
    if (!res.ok || body.code !== 'Ok' || !route || !finiteNonNegative(route.distance)) return estimated(a, b);
    const coordinates = route.geometry?.coordinates;
    return {
      value: route.distance / 1000 / KM_PER_MILE,
      routed: true,
      seconds: finiteNonNegative(route.duration) ? route.duration : null,
      // OSRM's GeoJSON is [lon, lat]; maps take [lat, lon].
      line: line && Array.isArray(coordinates) && coordinates.every(isLonLat) ? coordinates.map(([lon, lat]) => [lat, lon]) : null,
    };
  } catch {
    return estimated(a, b);
  }
}

/** Road miles from the routing service, or the estimate (see roadRoute). */
export async function roadMiles(a: Point, b: Point, routingUrl?: string, fetcher: typeof fetch = fetch): Promise<RoadMiles> {
  const { value, routed } = await roadRoute(a, b, routingUrl, { fetcher });
  return { value, routed };
}
