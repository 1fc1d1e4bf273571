import { checkProgress, checkStart, startableFrom } from './dispatch-rules.js';

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
