import { alertText, bookingLink, driverOptionLabel, isDriverOptionsPath, registrationAlertText } from './dispatch-format';

describe('dispatch wording', () => {
  it('marks each on-duty driver free or busy with the ride that overlaps', () => {
    expect(driverOptionLabel({ driverId: 1, name: 'Marcus Whitfield', username: 'whitma', free: true, conflict: null })).toBe('Marcus Whitfield (whitma) · free');
    expect(driverOptionLabel({ driverId: 2, name: 'Elena Vasquez', username: 'vasqel', free: false, conflict: { bookingId: 9, reference: 'LX-7K3Q9' } })).toBe(
      'Elena Vasquez (vasqel) · busy with LX-7K3Q9',
    );
  });

  it('gives the distance of a suggestion, and from where', () => {
    const option = { driverId: 1, name: 'Marcus Whitfield', username: 'whitma', free: true, conflict: null };
    expect(driverOptionLabel({ ...option, distanceMiles: 7.2, from: 'last-location' })).toBe('Marcus Whitfield (whitma) · free · 7.2 mi away');
    expect(driverOptionLabel({ ...option, distanceMiles: 21.5, from: 'previous-drop-off' })).toBe('Marcus Whitfield (whitma) · free · 21.5 mi from previous drop-off');
    expect(driverOptionLabel({ ...option, distanceMiles: null, from: null })).toBe('Marcus Whitfield (whitma) · free');
  });

  it('says who declined or missed a ride, and when in Los Angeles', () => {
    const at = '2026-11-23T21:32:00.000Z';
    expect(alertText({ bookingId: 1, reference: 'LX-QW26Y', kind: 'declined', driverId: 1, driverName: 'Marcus Whitfield', at })).toEqual({
      text: 'Marcus Whitfield declined LX-QW26Y',
      when: 'Nov 23, 1:32 PM',
    });
    expect(alertText({ bookingId: 1, reference: 'LX-QW26Y', kind: 'expired', driverId: 7, driverName: null, at }).text).toBe('Driver #7 did not answer LX-QW26Y in time');
  });

  it('says when driver registrations hit their hourly limit and until when new ones are refused, in Los Angeles time', () => {
    expect(registrationAlertText({ perHour: 30, at: '2026-11-23T21:32:00.000Z', until: '2026-11-23T22:30:00.000Z' })).toEqual({
      text: 'Driver applications reached 30 an hour: new ones refused until 2:30 PM',
      when: 'Nov 23, 1:32 PM',
    });
  });

  it("links a flight alert to its booking's search", () => {
    expect(bookingLink('LX-7K3Q9')).toBe('/admin/bookings?q=LX-7K3Q9');
  });

  it('knows the driver-options queries of every booking', () => {
    expect(isDriverOptionsPath('/api/admin/bookings/12/driver-options')).toBe(true);
    expect(isDriverOptionsPath('/api/admin/bookings/12/timeline')).toBe(false);
  });
});
