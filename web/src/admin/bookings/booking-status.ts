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
 * The dashboard's Recent Activity badge: it reads 'Completed' for a completed booking and
 * 'New Booking' otherwise; pending and assigned get their own colours.
 */
export function dashboardActivityBadge(status: string): { label: string; className: string } {
  if (status === 'completed') return { label: 'Completed', className: 'badge-green' };
  if (status === 'pending') return { label: 'New Booking', className: 'badge-yellow' };
  if (status === 'assigned') return { label: 'New Booking', className: 'badge-blue' };
  return { label: 'New Booking', className: 'badge-gray' };
}
