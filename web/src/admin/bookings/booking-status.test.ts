import { BOOKING_STATUSES, dashboardActivityBadge, statusBadge } from './booking-status';

describe('booking status badges', () => {
  it('uses the spec colours for every status', () => {
    expect(BOOKING_STATUSES.map((s) => statusBadge(s).className)).toEqual([
      'badge-yellow',
      'badge-blue',
      'badge-orange',
      'badge-green',
      'badge-red',
    ]);
    expect(statusBadge('in-progress').label).toBe('In Progress');
  });

  it('shows an unknown status as a neutral badge with its own text', () => {
    expect(statusBadge('on-hold')).toEqual({ label: 'on-hold', className: 'badge-gray' });
  });
});

describe('dashboard activity badge', () => {
  it("reads 'Completed' only for completed bookings and 'New Booking' for the rest", () => {
    expect(dashboardActivityBadge('completed')).toEqual({ label: 'Completed', className: 'badge-green' });
    expect(dashboardActivityBadge('pending')).toEqual({ label: 'New Booking', className: 'badge-yellow' });
    expect(dashboardActivityBadge('assigned')).toEqual({ label: 'New Booking', className: 'badge-blue' });
    expect(dashboardActivityBadge('confirmed').label).toBe('New Booking');
    expect(dashboardActivityBadge('cancelled').label).toBe('New Booking');
  });
});
