/** The driver's own GET calls, as query keys' first element (spec section 7's driver dashboard calls). */
export const DRIVER_QUERIES = {
  session: '/api/drivers/current',
  shift: '/api/drivers/current/shift',
  rides: '/api/drivers/current/bookings',
  endedOffers: '/api/drivers/current/ended-offers',
  weekOutlook: '/api/bookings/week-outlook',
  monthly: '/api/drivers/current/revenue/monthly',
  weekly: '/api/drivers/current/revenue/weekly',
} as const;

/** Poll intervals kept as the fallback of the live stream (the spec gives none for these: the admin's 30 s). */
export const DRIVER_POLL = {
  rides: 30_000,
  shift: 60_000,
  weekOutlook: 60_000,
  revenue: 5 * 60_000,
} as const;
