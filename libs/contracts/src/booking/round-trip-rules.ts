/*
 * Roundtrip Relax's rules and words, free of zod: the wizard's first step shows these messages
 * beside the return's fields without loading the schemas (quotes.ts holds the schemas).
 */

/** Roundtrip Relax: the return leg of a one-way ride (decisions.md, "Round trips"). */
export const ROUND_TRIP = { maxDaysAfter: 30 } as const;

export const RETURN_TRIP_MESSAGES = {
  oneWayOnly: 'Only one-way rides can be booked as round trips',
  beforeOutboundEnds: 'The return must be after the outbound ride ends',
  tooLate: `The return must be within ${ROUND_TRIP.maxDaysAfter} days of the outbound ride`,
} as const;
