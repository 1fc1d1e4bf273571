import { z } from 'zod';
import { FlightStatusUnavailable, UNKNOWN_FLIGHT, type FlightQuery, type FlightState, type FlightStatus, type FlightStatusProvider } from './flight-status.js';

/*
 * FlightAware AeroAPI v4: GET {AEROAPI_URL}/flights/{ident} with the key in `x-apikey`. The answer
 * lists the ident's flights of several days (`flights[]`), times as ISO instants: gate arrival
 * `scheduled_in`, `estimated_in`, `actual_in` (runway `*_on` when the gate time is missing), and
 * `cancelled` / `diverted` flags. Only the fields read here are checked; anything else may change.
 */

const Instant = z.iso.datetime({ offset: true }).nullish();
const Airport = z.object({ code_icao: z.string().nullish(), code: z.string().nullish() }).nullish();
const AeroFlight = z.object({
  ident: z.string(),
  cancelled: z.boolean(),
  diverted: z.boolean(),
  status: z.string().nullish(),
  origin: Airport,
  scheduled_in: Instant,
  estimated_in: Instant,
  actual_in: Instant,
  scheduled_on: Instant,
  estimated_on: Instant,
  actual_on: Instant,
});
type AeroFlight = z.infer<typeof AeroFlight>;
const AeroFlights = z.object({ flights: z.array(AeroFlight) });

/** A flight lands this late or later than its schedule: "delayed" (the FAA's 15 minutes). */
const DELAYED_AFTER_MS = 15 * 60_000;
/** The flight of the ride is the ident's flight scheduled to land nearest the expected arrival, within this. */
const SAME_FLIGHT_WITHIN_MS = 12 * 3600_000;
/** ICAO prefixes of airports in the United States (contiguous states, Alaska, Hawaii, Puerto Rico). */
const DOMESTIC_ICAO = /^(K|PA|PH|TJ)/;

export interface AeroApiSettings {
  baseUrl: string;
  apiKey: string;
  /** One call's limit. */
  timeoutMs: number;
  /** Calls after the first when one fails in a way that may pass (timeout, 429, 5xx, garbage). */
  retries: number;
  /** The most one question may take with its retries and waits: well inside the poll interval. */
  budgetMs: number;
  /** The first retry's wait; each next one doubles (with up to 25% jitter). */
  backoffMs: number;
}

/** A failure another call may not repeat: a timeout, a 429, a server or network error, garbage (a proxy's maintenance page). */
const PASSING: ReadonlySet<FlightStatusUnavailable['reason']> = new Set(['timeout', 'rate-limited', 'failed', 'garbage']);

const at = (text: string | null | undefined) => (text ? new Date(text) : null);

/** AeroAPI's flight, in the adapter's words. */
function toFlightStatus(flight: AeroFlight): FlightStatus {
  const scheduledArrival = at(flight.scheduled_in ?? flight.scheduled_on);
  const landed = at(flight.actual_in ?? flight.actual_on);
  const estimatedArrival = landed ?? at(flight.estimated_in ?? flight.estimated_on) ?? scheduledArrival;
  const late = scheduledArrival !== null && estimatedArrival !== null && estimatedArrival.getTime() - scheduledArrival.getTime() >= DELAYED_AFTER_MS;
  const state: FlightState = flight.cancelled ? 'cancelled' : flight.diverted ? 'diverted' : landed ? 'landed' : late ? 'delayed' : 'scheduled';
  const origin = flight.origin?.code_icao ?? flight.origin?.code ?? null;
  return { state, scheduledArrival, estimatedArrival, international: origin !== null && !DOMESTIC_ICAO.test(origin) };
}

/** A failed call (what the caller gets at last), how long the server asked us to wait (Retry-After), and whether another call could do better. */
class CallFailed extends FlightStatusUnavailable {
  constructor(
    reason: FlightStatusUnavailable['reason'],
    detail: string,
    readonly retryAfterMs: number | null = null,
    readonly final = false,
  ) {
    super(reason, detail);
  }
}

export class AeroApiProvider implements FlightStatusProvider {
  /** After a 429 whose Retry-After outlasts the budget: every question fails at once until then (the whole poll, not each flight, waits). */
  private blockedUntil = 0;

  constructor(private readonly settings: AeroApiSettings) {}

  /**
   * One flight's status; a failure that may pass is asked again after an exponential backoff (or
   * the server's Retry-After, when longer), until `retries` or the time budget runs out. The
   * last failure is what the caller gets: it keeps the last known arrival.
   */
  async status(query: FlightQuery): Promise<FlightStatus> {
    const started = Date.now();
    if (started < this.blockedUntil) throw new FlightStatusUnavailable('rate-limited', `429 earlier: not asking again for ${Math.ceil((this.blockedUntil - started) / 1000)} s`);
    for (let attempt = 0; ; attempt++) {
      const left = this.settings.budgetMs - (Date.now() - started);
      try {
        return await this.once(query, Math.max(1, Math.min(this.settings.timeoutMs, left)));
      } catch (error) {
        if (!(error instanceof CallFailed) || error.final || !PASSING.has(error.reason) || attempt >= this.settings.retries) throw error;
        const backoff = this.settings.backoffMs * 2 ** attempt * (1 + Math.random() / 4);
        const wait = Math.max(backoff, error.retryAfterMs ?? 0);
        const remaining = this.settings.budgetMs - (Date.now() - started);
        if (wait >= remaining) {
          if (error.retryAfterMs !== null) this.blockedUntil = Date.now() + error.retryAfterMs;
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private async once(query: FlightQuery, timeoutMs: number): Promise<FlightStatus> {
    const ident = query.flightNumber.replace(/\s+/g, '');
    const url = new URL(`${this.settings.baseUrl.replace(/\/$/, '')}/flights/${encodeURIComponent(ident)}`);
    url.searchParams.set('ident_type', 'designator');
    // Flights leaving from a day before the expected arrival until just after it.
    url.searchParams.set('start', isoSeconds(query.expectedArrival.getTime() - 24 * 3600_000));
    url.searchParams.set('end', isoSeconds(query.expectedArrival.getTime() + 6 * 3600_000));
    const body = await this.get(url, timeoutMs);
    const parsed = AeroFlights.safeParse(body);
    if (!parsed.success) throw new CallFailed('garbage', `an answer of another shape for ${ident}: ${parsed.error.issues[0]?.message}`);
    const flight = nearest(parsed.data.flights, query.expectedArrival);
    return flight ? toFlightStatus(flight) : UNKNOWN_FLIGHT;
  }

  private async get(url: URL, timeoutMs: number): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, { headers: { 'x-apikey': this.settings.apiKey, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new CallFailed('timeout', `no answer within ${timeoutMs} ms`);
      throw new CallFailed('failed', (error as Error).message);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return { flights: [] };
    }
    if (res.status === 429) {
      await res.body?.cancel();
      const retryAfterMs = retryAfter(res.headers.get('retry-after'), Date.now());
      throw new CallFailed('rate-limited', `429 (retry after ${retryAfterMs === null ? '?' : Math.ceil(retryAfterMs / 1000)} s)`, retryAfterMs);
    }
    if (!res.ok) {
      await res.body?.cancel();
      // A refused key or request (4xx) will be refused again: no retry.
      throw new CallFailed('failed', `HTTP ${res.status}`, null, res.status < 500);
    }
    try {
      return await res.json();
    } catch (error) {
      if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') throw new CallFailed('timeout', `no whole answer within ${timeoutMs} ms`);
      throw new CallFailed('garbage', 'an answer that is not JSON');
    }
  }
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
function retryAfter(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function nearest(flights: AeroFlight[], expected: Date): AeroFlight | null {
  let best: AeroFlight | null = null;
  let bestDistance = SAME_FLIGHT_WITHIN_MS;
  for (const flight of flights) {
    const scheduled = at(flight.scheduled_in ?? flight.scheduled_on);
    if (!scheduled) continue;
    const distance = Math.abs(scheduled.getTime() - expected.getTime());
    if (distance <= bestDistance) {
      best = flight;
      bestDistance = distance;
    }
  }
  return best;
}
