import { z } from 'zod';
import { BOOKING_LIMITS } from '@limo/contracts';
import { ServiceConfig } from '@limo/service-runtime';

export const BookingConfig = ServiceConfig.extend({
  /** Ten demo bookings through the real create/edit paths (`npm start` turns it on). */
  SEED_DEMO_BOOKINGS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A Nominatim-compatible geocoder for address suggestions instead of the built-in gazetteer. */
  GEOCODER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  /** An OSRM-compatible routing service for the road miles of distance fares (else great-circle x 1.3). */
  ROUTING_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  /** User-Agent sent to that geocoder (Nominatim's usage policy asks for one). */
  GEOCODER_USER_AGENT: z.string().default('limo-booking/1.0'),
  /** How long an assigned driver has to accept or decline. */
  ASSIGNMENT_RESPONSE_SECONDS: z.coerce.number().int().min(1).max(7 * 24 * 3600).default(900),
  /** How often the sweep expires unanswered assignments whose deadline job was lost (a Redis that restarted empty). */
  DEADLINE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long before its pickup a driver may start a ride (report en route); up to the booking horizon, i.e. any time. */
  RIDE_START_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max((BOOKING_LIMITS.maxDaysAhead + 1) * 24 * 60)
    .default(180),
  /** How long a one-way ride holds its driver and vehicle. */
  ONE_WAY_BLOCK_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(120),
  /** Time after every ride before the driver and vehicle can start another. */
  TURNAROUND_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(30),
  /** How long before the pickup a customer must book (decisions.md): a sooner pickup is refused. */
  BOOKING_MIN_LEAD_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(BOOKING_LIMITS.minLeadMinutes),
  /** Customers may cancel online until this many hours before pickup; after that they call. */
  CANCEL_CUTOFF_HOURS: z.coerce.number().int().min(0).max(24 * 30).default(24),
  /** How long after drop-off the customer's tracking link keeps working. */
  TRACKING_AFTER_DROPOFF_MINUTES: z.coerce.number().min(0).max(24 * 60).default(30),
  /** The driver's share of base plus add-ons (the gratuity is all theirs). */
  DRIVER_BASE_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(60),
  /** The most one extra (an extra stop, tolls, parking) a driver or admin may add to a ride, in dollars. */
  EXTRA_CHARGE_CAP: z.coerce.number().min(1).max(99_999).default(250).transform((value) => value.toFixed(2)),
  /** Where arriving flights' status comes from: the built-in simulated provider, or FlightAware AeroAPI (needs AEROAPI_KEY). */
  FLIGHT_STATUS_PROVIDER: z.enum(['simulated', 'aeroapi']).default('simulated'),
  /** FlightAware AeroAPI's key (sent as x-apikey). */
  AEROAPI_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** AeroAPI's base URL (a test points it at a local server). */
  AEROAPI_URL: z.url({ protocol: /^https?$/ }).default('https://aeroapi.flightaware.com/aeroapi'),
  /** How long one AeroAPI call may take before the poll keeps the last known arrival. */
  AEROAPI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** A call that timed out, got a 429 or 5xx or garbage is made again up to this many times... */
  AEROAPI_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** ...after a wait that starts here and doubles (a 429's Retry-After when longer)... */
  AEROAPI_BACKOFF_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  /** ...all within this for one flight (at most a quarter of the poll interval); then the last known arrival stands. */
  AEROAPI_RETRY_BUDGET_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** The flight poll's interval: every ride's flight is asked this often in its last hour, 3x less often up to 3 h before, 6x before. */
  FLIGHT_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** How long before the pickup its arriving flight starts being followed. */
  FLIGHT_POLL_HOURS_AHEAD: z.coerce.number().int().min(1).max(48).default(6),
}).refine((config) => config.FLIGHT_STATUS_PROVIDER !== 'aeroapi' || config.AEROAPI_KEY, {
  message: 'FLIGHT_STATUS_PROVIDER=aeroapi needs AEROAPI_KEY',
  path: ['AEROAPI_KEY'],
});
export type BookingConfig = z.infer<typeof BookingConfig>;
