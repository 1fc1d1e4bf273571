/** The bell's badge: nothing at zero, the count up to 99, then '99+'. */
export function notificationBadgeText(count: number | null | undefined): string | null {
  if (!count || count < 0 || !Number.isFinite(count)) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** The bell's accessible name, with the full count. */
export function notificationLabel(count: number | null | undefined): string {
  const n = count && count > 0 ? Math.floor(count) : 0;
  if (n === 0) return 'Bookings: no new notifications';
  return `Bookings: ${n} new notification${n === 1 ? '' : 's'}`;
}

/**
 * The bell's count: the pending requests that need a driver, the upcoming rides whose flight
 * needs the admin, and the completed rides whose final price is to review.
 */
export function bellCount(notifications: { count: number; flights?: readonly unknown[]; settlements?: readonly unknown[] } | undefined): number {
  return (notifications?.count ?? 0) + (notifications?.flights?.length ?? 0) + (notifications?.settlements?.length ?? 0);
}
