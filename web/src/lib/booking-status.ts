/** Booking statuses and how the admin pages show them (spec section 4). */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'in-progress', 'completed', 'cancelled'] as const;
export type AdminBookingStatus = (typeof BOOKING_STATUSES)[number];

const STATUS_BADGES: Record<AdminBookingStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'badge-yellow' },
  confirmed: { label: 'Confirmed', className: 'badge-blue' },
  'in-progress': { label: 'In Progress', className: 'badge-orange' },
  completed: { label: 'Completed', className: 'badge-green' },
  cancelled: { label: 'Cancelled', className: 'badge-red' },
};

/** Pending yellow, confirmed blue, in-progress orange, completed green, cancelled red. */
export function statusBadge(status: string): { label: string; className: string } {
  return STATUS_BADGES[status as AdminBookingStatus] ?? { label: status, className: 'badge-gray' };
}

/**
 * The dashboard's Recent Activity badge: the spec's words for the two states it names, 'New
 * Booking' for a pending request (assigned too) and 'Completed'; any other status shows its own
 * name and colour, since a cancelled or confirmed ride is no new booking.
 */
export function dashboardActivityBadge(status: string): { label: string; className: string } {
  if (status === 'pending') return { label: 'New Booking', className: 'badge-yellow' };
  if (status === 'assigned') return { label: 'New Booking', className: 'badge-blue' };
  return statusBadge(status);
}
