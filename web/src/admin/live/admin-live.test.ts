import { adminQueriesAffected } from './admin-live';

const open = [['/api/admin/bookings/3/driver-options'], ['/api/admin/bookings/4/driver-options'], ['/api/admin/stats'], ['/api/admin/bookings/3/timeline']];
const paths = (keys: readonly (readonly unknown[])[]) => keys.map((k) => String(k[0]));

describe('admin live updates', () => {
  it('refresh the pending requests, alerts, figures, lists, the dispatch board and every driver choice when a ride changes', () => {
    const keys = paths(adminQueriesAffected({ type: 'booking.ride.answered.v1', at: '2026-11-23T21:00:00Z', bookingId: 3, driverResponse: 'declined' }, open));
    expect(keys).toEqual(
      expect.arrayContaining([
        '/api/bookings/pending',
        '/api/admin/notifications',
        '/api/admin/stats',
        '/api/bookings',
        '/api/admin/bookings',
        '/api/admin/revenue/summary',
        '/api/admin/dispatch',
        '/api/admin/bookings/3/driver-options',
        '/api/admin/bookings/4/driver-options',
        '/api/admin/bookings/3/timeline',
      ]),
    );
    expect(keys).not.toContain('/api/drivers/locations');
  });

  it('refresh only the locations for a position, and the drivers, their choices and the dispatch board for a duty change', () => {
    expect(paths(adminQueriesAffected({ type: 'drivers.driver.location-updated.v1', at: '2026-11-23T21:00:00Z', driverId: 1 }, open))).toEqual(['/api/drivers/locations']);
    // A position carried by the update is patched in, not fetched.
    expect(adminQueriesAffected({ type: 'drivers.driver.location-updated.v1', at: '2026-11-23T21:00:00Z', driverId: 1, latitude: 34.05, longitude: -118.25 }, open)).toEqual([]);
    const duty = paths(adminQueriesAffected({ type: 'drivers.driver.duty-changed.v1', at: '2026-11-23T21:00:00Z', driverId: 1 }, open));
    expect(duty).toEqual(['/api/drivers', '/api/drivers/locations', '/api/admin/stats', '/api/admin/dispatch', '/api/admin/bookings/3/driver-options', '/api/admin/bookings/4/driver-options']);
  });

  it('refresh the drivers list when a ride is completed (totals and rides move)', () => {
    expect(paths(adminQueriesAffected({ type: 'booking.ride.progressed.v1', at: '2026-11-23T21:00:00Z', bookingId: 3, driverStatus: 'completed', status: 'completed' }, []))).toContain(
      '/api/drivers',
    );
  });

  it("refresh the companies list and every company month open when a ride changes (its transfers and total move)", () => {
    const months = [['/api/admin/companies/5/months/2026-11'], ['/api/admin/companies/5'], ['/api/admin/companies/6/months/2026-10']];
    const keys = paths(adminQueriesAffected({ type: 'booking.booking.cancelled.v1', at: '2026-11-23T21:00:00Z', bookingId: 3 }, months));
    expect(keys).toEqual(expect.arrayContaining(['/api/admin/companies', '/api/admin/companies/5/months/2026-11', '/api/admin/companies/6/months/2026-10']));
    expect(keys).not.toContain('/api/admin/companies/5');
  });
});
