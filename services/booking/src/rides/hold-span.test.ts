import { holdSpan } from './hold-span.js';

const rules = { oneWayBlockMinutes: 120, turnaroundMinutes: 30 };
const at = new Date('2026-12-01T18:00:00.000Z');

describe('the span a ride holds its driver and vehicle for', () => {
  it('is the one-way block plus the turnaround for a one-way ride', () => {
    expect(holdSpan({ pickupAt: at, tripType: 'one-way', duration: null }, rules)).toEqual({ from: at, to: new Date('2026-12-01T20:30:00.000Z') });
  });

  it('is the booked hours plus the turnaround for an hourly ride', () => {
    expect(holdSpan({ pickupAt: at, tripType: 'hourly', duration: 5 }, rules)).toEqual({ from: at, to: new Date('2026-12-01T23:30:00.000Z') });
  });

  it('follows the configured block and turnaround', () => {
    expect(holdSpan({ pickupAt: at, tripType: 'one-way', duration: null }, { oneWayBlockMinutes: 60, turnaroundMinutes: 0 }).to).toEqual(new Date('2026-12-01T19:00:00.000Z'));
  });
});
