/*
 * Booking limits and choices with no zod in them, so a page can show a form (the home page's
 * quick card) without loading the schemas until it validates.
 */

export const BOOKING_LIMITS = {
  location: 300,
  name: 100,
  email: 254,
  phone: 30,
  specialRequests: 1000,
  waypoints: 5,
  adminNotes: 2000,
  statusReason: 500,
  /** Suitcases a ride may declare (the largest vehicle a fleet may have holds fewer). */
  luggage: 50,
  /** How far ahead a ride can be booked. */
  maxDaysAhead: 730,
  /** BOOKING_MIN_LEAD_MINUTES's default: the time picker offers no pickup sooner (the server decides). */
  minLeadMinutes: 120,
} as const;

/** Hours the server accepts: the quick form offers 1-12, the wizard and booking section 3-24. */
export const HOURLY_DURATION = { min: 1, max: 24 } as const;
export const QUICK_FORM_HOURS = { min: 1, max: 12 } as const;
export const WIZARD_HOURS = { min: 3, max: 24 } as const;

/** Suggestions start at 3 typed characters (spec section 5). */
export const ADDRESS_QUERY_MIN_LENGTH = 3;
