import { z } from 'zod';
import { noControlCharacters } from '../common/text-rule.js';
import { FLIGHT_MESSAGES, normalizeFlightNumber } from './flight-rules.js';

/**
 * The form's flight field, stored normalized ("UA 1542"); '' means none. `overwrite` rather than
 * a transform keeps the field a plain string in the JSON Schemas of the API documents.
 */
export const FlightNumber = z
  .string({ error: FLIGHT_MESSAGES.shape })
  .trim()
  .max(12, FLIGHT_MESSAGES.shape)
  .check(noControlCharacters('Flight number'))
  .overwrite((text) => (text === '' ? text : (normalizeFlightNumber(text) ?? text)))
  .refine((text) => text === '' || normalizeFlightNumber(text) === text, FLIGHT_MESSAGES.shape);

/**
 * Why an arriving flight needs the admin (decisions.md, "Airport rides"): the pickup moved onto
 * another ride of its driver or vehicle (`at-risk`), the provider does not know the flight
 * (`unknown-flight`), or it has had nothing fresh within 2 hours of the pickup (`no-fresh-status`).
 */
export const FlightAlertKind = z.enum(['at-risk', 'unknown-flight', 'no-fresh-status']);
export type FlightAlertKind = z.infer<typeof FlightAlertKind>;

/** A ride's open flight alert: set by the flight poll, gone once resolved. */
export const FlightAlert = z.object({
  kind: FlightAlertKind,
  /** The words of the ride's history line. */
  detail: z.string(),
  at: z.iso.datetime({ offset: true }),
});
export type FlightAlert = z.infer<typeof FlightAlert>;
