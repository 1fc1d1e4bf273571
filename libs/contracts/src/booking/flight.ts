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
