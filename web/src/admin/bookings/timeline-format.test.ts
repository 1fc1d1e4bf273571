import { timelineLine } from './timeline-format';

const entry = (over = {}) => ({
  at: '2026-11-23T21:23:26.271Z',
  kind: 'assigned' as const,
  actor: { kind: 'admin' as const, id: null, name: 'admin' },
  driverId: 1,
  driverName: 'Marcus Whitfield',
  driverStatus: null,
  detail: 'Assigned to Marcus Whitfield; answer due by 2026-11-23T21:38:26.271Z',
  ...over,
});

describe('booking timeline lines', () => {
  it('say when in Los Angeles, what happened and who did it, with instants in the detail made readable', () => {
    expect(timelineLine(entry())).toEqual({
      when: 'Nov 23, 2026, 1:23 PM',
      what: 'Assigned to a driver',
      detail: 'Assigned to Marcus Whitfield; answer due by Nov 23, 2026, 1:38 PM',
      who: 'Admin (admin)',
    });
  });

  it('name a driver’s progress in words and the driver who made it', () => {
    const line = timelineLine(entry({ kind: 'progressed', driverStatus: 'picked-up', actor: { kind: 'driver', id: 1, name: null }, detail: null }));
    expect(line).toMatchObject({ what: 'Passenger Picked Up', who: 'Driver Marcus Whitfield', detail: null });
  });

  it('find the driver’s name in the drivers list when the entry gives only their id', () => {
    const byId = entry({ kind: 'accepted', actor: { kind: 'driver', id: 4, name: null }, driverId: 4, driverName: null, detail: null });
    expect(timelineLine(byId, new Map([[4, 'Dana Driver']])).who).toBe('Driver Dana Driver');
    expect(timelineLine(byId).who).toBe('Driver #4');
  });

  it('name the customer and the system', () => {
    expect(timelineLine(entry({ kind: 'created', actor: { kind: 'customer', id: null, name: null } })).who).toBe('Customer');
    expect(timelineLine(entry({ kind: 'expired', actor: { kind: 'system', id: null, name: null } }))).toMatchObject({ who: 'System', what: 'Not answered in time' });
  });
});
