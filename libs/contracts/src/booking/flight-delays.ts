import { z } from 'zod';
import { calendarDate } from '../common/field-rules.js';
import { noControlCharacters } from '../common/text-rule.js';
import { Actor } from './dispatch.js';
import { FLIGHT_MESSAGES, normalizeFlightNumber } from './flight-rules.js';

/*
 * The simulated flight-status provider's "what if" (decisions.md, "Airport rides"): an operator
 * delays a flight on a date, and the rides it arrives for follow it as they would a real delay.
 */

/** The longest delay an operator may set: a day. */
const FLIGHT_DELAY_MAX_MINUTES = 24 * 60;

export const FLIGHT_DELAY_MESSAGES = {
  date: 'date must be a date (YYYY-MM-DD)',
  minutes: `minutes must be a whole number from 0 to ${FLIGHT_DELAY_MAX_MINUTES}`,
} as const;

/** `PUT /api/admin/flights/{flightNumber}/delay`: the flight lands `minutes` late on `date` (Los Angeles); 0 clears it. */
export const FlightDelayRequest = z
  .object({
    date: calendarDate(FLIGHT_DELAY_MESSAGES.date),
    minutes: z
      .number({ error: FLIGHT_DELAY_MESSAGES.minutes })
      .int(FLIGHT_DELAY_MESSAGES.minutes)
      .min(0, FLIGHT_DELAY_MESSAGES.minutes)
      .max(FLIGHT_DELAY_MAX_MINUTES, FLIGHT_DELAY_MESSAGES.minutes),
  })
  .strict();
export type FlightDelayRequest = z.infer<typeof FlightDelayRequest>;

/** A flight number as the route's path carries it ("UA1542", "ua 1542"), normalized to "UA 1542". */
export const FlightNumberParam = z
  .string()
  .check(noControlCharacters('Flight number'))
  .max(12, FLIGHT_MESSAGES.shape)
  .refine((text) => normalizeFlightNumber(text) !== null, FLIGHT_MESSAGES.shape)
  .transform((text) => normalizeFlightNumber(text) as string);

export const SetFlightDelay = FlightDelayRequest.extend({
  /** As stored: "UA 1542". */
  flightNumber: z.string().regex(/^[A-Z0-9]{2} \d{1,4}[A-Z]?$/, FLIGHT_MESSAGES.shape),
  actor: Actor,
}).strict();

/** The delay in force, and how many upcoming rides arrive on that flight (they follow it at the next poll). */
export const FlightDelay = z.object({
  flightNumber: z.string(),
  date: z.string(),
  minutes: z.number().int(),
  rides: z.number().int().nonnegative(),
});
export type FlightDelay = z.infer<typeof FlightDelay>;
