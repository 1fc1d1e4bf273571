// The tracking page's words and constants without zod: the page loads them, not every schema.

/** A position older than this is shown as stale. */
export const TRACKING_STALE_SECONDS = 120;

export const TRACKING_MESSAGES = {
  notStarted: 'Tracking opens when your chauffeur is on the way',
  ended: 'This trip has ended',
  invalid: 'This tracking link is not valid',
  noPhoto: 'No photo of your chauffeur',
} as const;
