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
  timeoutMs: number;
}

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

export class AeroApiProvider implements FlightStatusProvider {
  constructor(private readonly settings: AeroApiSettings) {}

  async status(query: FlightQuery): Promise<FlightStatus> {
    const ident = query.flightNumber.replace(/\s+/g, '');
    const url = new URL(`${this.settings.baseUrl.replace(/\/$/, '')}/flights/${encodeURIComponent(ident)}`);
    url.searchParams.set('ident_type', 'designator');
    // Flights leaving from a day before the expected arrival until just after it.
    url.searchParams.set('start', isoSeconds(query.expectedArrival.getTime() - 24 * 3600_000));
    url.searchParams.set('end', isoSeconds(query.expectedArrival.getTime() + 6 * 3600_000));
    const body = await this.get(url);
    const parsed = AeroFlights.safeParse(body);
    if (!parsed.success) throw new FlightStatusUnavailable('garbage', `an answer of another shape for ${ident}: ${parsed.error.issues[0]?.message}`);
    const flight = nearest(parsed.data.flights, query.expectedArrival);
    return flight ? toFlightStatus(flight) : UNKNOWN_FLIGHT;
  }

  private async get(url: URL): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, { headers: { 'x-apikey': this.settings.apiKey, accept: 'application/json' }, signal: AbortSignal.timeout(this.settings.timeoutMs) });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new FlightStatusUnavailable('timeout', `no answer within ${this.settings.timeoutMs} ms`);
      throw new FlightStatusUnavailable('failed', (error as Error).message);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return { flights: [] };
    }
    if (res.status === 429) {
      await res.body?.cancel();
      throw new FlightStatusUnavailable('rate-limited', `429 (retry after ${res.headers.get('retry-after') ?? '?'} s)`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new FlightStatusUnavailable('failed', `HTTP ${res.status}`);
    }
    try {
      return await res.json();
    } catch {
      throw new FlightStatusUnavailable('garbage', 'an answer that is not JSON');
    }
  }
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
