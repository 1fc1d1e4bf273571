/** Poll intervals of spec section 7 for the dashboard's queries. */
export const POLL = {
  notifications: 30_000,
  locations: 30_000,
  revenue: 5 * 60_000,
  pending: 30_000,
  bookings: 60_000,
  drivers: 60_000,
  stats: 60_000,
  /** Undelivered customer messages (not in the spec: the notifications service's admin list). */
  messages: 60_000,
} as const;
