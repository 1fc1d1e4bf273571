import { Inject, Injectable } from '@nestjs/common';
import { BUSINESS_TIME_ZONE, type RouteQuery, type TravelEstimate } from '@limo/contracts';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import { roadRoute } from '../rates/road-miles.js';

/**
 * Average door-to-door speeds across Los Angeles and Orange County by local hour, for an ETA
 * without a routing service: freeway and surface streets together, slower in the two rush hours.
 * Rough by nature: the page labels such an ETA as an estimate.
 */
const SPEEDS_MPH: readonly { fromHour: number; mph: number }[] = [
  { fromHour: 0, mph: 38 },
  { fromHour: 6, mph: 22 },
  { fromHour: 10, mph: 27 },
  { fromHour: 15, mph: 19 },
  { fromHour: 19, mph: 30 },
  { fromHour: 22, mph: 36 },
];

const hourFormat = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });

/** The estimated average speed at that instant, Los Angeles time. */
export function speedAt(at: Date): number {
  const hour = Number(hourFormat.format(at));
  let mph = SPEEDS_MPH[0].mph;
  for (const band of SPEEDS_MPH) if (hour >= band.fromHour) mph = band.mph;
  return mph;
}

/** Whole minutes, rounded up: an ETA that says 0 while the car is still a street away misleads. */
export const minutesFor = (seconds: number) => (seconds <= 0 ? 0 : Math.max(1, Math.ceil(seconds / 60)));

/** Answers kept this long: positions arrive every few seconds, and the road ahead does not change that fast. */
const KEPT_MS = 30_000;
const KEPT_MAX = 1_000;
/** Points rounded to about 100 m for the cache key. */
const keyOf = ({ from, to }: RouteQuery) => [from.latitude, from.longitude, to.latitude, to.longitude].map((n) => n.toFixed(3)).join(',');

/**
 * How long a car takes from one point to another now: the routing service's road time and line
 * when ROUTING_URL is set, otherwise the road miles (great-circle x 1.3) over the hour's speed.
 */
@Injectable()
export class TravelEstimates {
  // A cache only: a replica without it asks the routing service again.
  private readonly kept = new Map<string, { at: number; estimate: TravelEstimate }>();

  constructor(@Inject(SERVICE_CONFIG) private readonly config: BookingConfig) {}

  async between(query: RouteQuery, now = new Date()): Promise<TravelEstimate> {
    const key = keyOf(query);
    const hit = this.kept.get(key);
    if (hit && now.getTime() - hit.at < KEPT_MS) return hit.estimate;
    const from = { lat: query.from.latitude, lon: query.from.longitude };
    const to = { lat: query.to.latitude, lon: query.to.longitude };
    const route = await roadRoute(from, to, this.config.ROUTING_URL, { line: true });
    const miles = Math.round(route.value * 10) / 10;
    const estimate: TravelEstimate =
      route.routed && route.seconds !== null
        ? { minutes: minutesFor(route.seconds), miles, basis: 'route', line: route.line }
        : { minutes: minutesFor((route.value / speedAt(now)) * 3600), miles, basis: 'estimate', line: null };
    if (this.kept.size >= KEPT_MAX) this.kept.clear();
    this.kept.set(key, { at: now.getTime(), estimate });
    return estimate;
  }
}
