import { checkProgress, checkStart, driverEarningsCents, holdSpan, startableFrom } from './dispatch-rules.js';

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

describe('ride progress', () => {
  it('starts with en-route and moves forward through every required status', () => {
    expect(checkProgress(null, 'en-route')).toEqual({ ok: true });
    expect(checkProgress('en-route', 'picked-up')).toEqual({ ok: true });
    expect(checkProgress('picked-up', 'dropped-off')).toEqual({ ok: true });
    expect(checkProgress('dropped-off', 'completed')).toEqual({ ok: true });
  });

  it('lets arrived, halfway and two-miles be skipped or reported', () => {
    expect(checkProgress('en-route', 'arrived')).toEqual({ ok: true });
    expect(checkProgress('arrived', 'picked-up')).toEqual({ ok: true });
    expect(checkProgress('picked-up', 'halfway')).toEqual({ ok: true });
    expect(checkProgress('halfway', 'two-miles')).toEqual({ ok: true });
    expect(checkProgress('two-miles', 'dropped-off')).toEqual({ ok: true });
  });

  it('refuses to go back or to repeat a status', () => {
    expect(checkProgress('picked-up', 'en-route')).toMatchObject({ ok: false, message: 'A ride status can only move forward' });
    expect(checkProgress('picked-up', 'picked-up')).toMatchObject({ ok: false });
  });

  it('refuses to skip en-route, picked-up or dropped-off, naming the one to report', () => {
    expect(checkProgress(null, 'picked-up')).toMatchObject({ ok: false, message: 'This status cannot be skipped: report en-route first' });
    expect(checkProgress('en-route', 'dropped-off')).toMatchObject({ ok: false, message: 'This status cannot be skipped: report picked-up first' });
    expect(checkProgress('picked-up', 'completed')).toMatchObject({ ok: false, message: 'This status cannot be skipped: report dropped-off first' });
  });
});

describe('driver earnings', () => {
  it('are 60% of base plus add-ons and the whole gratuity, to the cent', () => {
    // $245.00 base + $25.00 meet & greet; gratuity $42.53.
    expect(driverEarningsCents({ baseCents: 24500, addOnsCents: 2500, gratuityCents: 4253 }, 60)).toBe(16200 + 4253);
  });

  it('round the share half up', () => {
    expect(driverEarningsCents({ baseCents: 101, addOnsCents: 0, gratuityCents: 0 }, 50)).toBe(51);
    expect(driverEarningsCents({ baseCents: 1, addOnsCents: 0, gratuityCents: 7 }, 60)).toBe(8);
  });
});

describe('the start window', () => {
  const pickupAt = new Date('2026-12-01T15:30:00Z'); // 7:30 AM in Los Angeles
  const confirmed = { status: 'confirmed', pickupAt };

  it('opens the given minutes before the pickup', () => {
    expect(startableFrom(pickupAt, 180)).toEqual(new Date('2026-12-01T12:30:00Z'));
    expect(checkStart(confirmed, 180, new Date('2026-12-01T12:30:00Z'))).toEqual({ ok: true });
    expect(checkStart(confirmed, 180, new Date('2026-12-01T16:00:00Z'))).toEqual({ ok: true });
  });

  it('refuses a confirmed ride before it opens, saying from when (Los Angeles time)', () => {
    expect(checkStart(confirmed, 180, new Date('2026-11-26T20:00:00Z'))).toEqual({
      ok: false,
      message: 'You can start this ride from Tue, Dec 1, 4:30 AM PST (3 hours before pickup)',
    });
    expect(checkStart(confirmed, 90, new Date('2026-12-01T12:30:00Z'))).toEqual({
      ok: false,
      message: 'You can start this ride from Tue, Dec 1, 6:00 AM PST (90 minutes before pickup)',
    });
  });

  it('lets a ride an admin already put in progress by hand be reported at once', () => {
    expect(checkStart({ status: 'in-progress', pickupAt }, 180, new Date('2026-11-26T20:00:00Z'))).toEqual({ ok: true });
  });
});
