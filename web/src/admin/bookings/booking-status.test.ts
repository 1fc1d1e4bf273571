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
  it("reads 'New Booking' for a pending request and 'Completed' for a completed ride, as the spec words them", () => {
    expect(dashboardActivityBadge('completed')).toEqual({ label: 'Completed', className: 'badge-green' });
    expect(dashboardActivityBadge('pending')).toEqual({ label: 'New Booking', className: 'badge-yellow' });
    expect(dashboardActivityBadge('assigned')).toEqual({ label: 'New Booking', className: 'badge-blue' });
  });

  it('shows any other status with its own name and colour', () => {
    expect(dashboardActivityBadge('confirmed')).toEqual({ label: 'Confirmed', className: 'badge-blue' });
    expect(dashboardActivityBadge('in-progress')).toEqual({ label: 'In Progress', className: 'badge-orange' });
    expect(dashboardActivityBadge('cancelled')).toEqual({ label: 'Cancelled', className: 'badge-red' });
  });
});
