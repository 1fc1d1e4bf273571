import { checkCancellation, contactMatches, followedDriver, trackingWindow, trackingWindowEnd } from './customer-rules.js';

const booking = { email: 'Ada.Lovelace@Example.com', phone: '(310) 555-0100' };

describe('the customer\'s details', () => {
  it('match the booking\'s email in any case, or its phone however it is written', () => {
    expect(contactMatches(booking, ' ada.lovelace@example.COM ')).toBe(true);
    expect(contactMatches(booking, '310-555-0100')).toBe(true);
    expect(contactMatches(booking, '+1 310 555 0100')).toBe(true);
  });

  it('do not match another email, another number, or a fragment', () => {
    expect(contactMatches(booking, 'ada@example.com')).toBe(false);
    expect(contactMatches(booking, '310-555-0101')).toBe(false);
    expect(contactMatches(booking, '0100')).toBe(false);
    expect(contactMatches({ email: 'a@b.c', phone: '' }, '')).toBe(false);
  });
});

describe('cancelling online', () => {
  const pickup = new Date('2026-03-10T21:30:00Z');
  it('is possible up to the cutoff before pickup, and not after', () => {
    expect(checkCancellation('pending', pickup, 24, new Date('2026-03-09T21:30:00Z'))).toBe('ok');
    expect(checkCancellation('confirmed', pickup, 24, new Date('2026-03-09T21:30:01Z'))).toBe('too-late');
  });

  it('is not possible for a ride under way or done, and a cancelled one stays cancelled', () => {
    expect(checkCancellation('in-progress', pickup, 24, new Date('2026-03-01T00:00:00Z'))).toBe('not-cancellable');
    expect(checkCancellation('completed', pickup, 24, new Date('2026-03-01T00:00:00Z'))).toBe('not-cancellable');
    expect(checkCancellation('cancelled', pickup, 24, new Date('2026-03-01T00:00:00Z'))).toBe('already-cancelled');
  });
});

describe('the tracking window', () => {
  const ride = { status: 'in-progress', startedAt: null as Date | null, droppedOffAt: null as Date | null, completedAt: null as Date | null };
  const at = (iso: string) => new Date(iso);
  it('opens when the chauffeur sets off and closes the given minutes after drop-off', () => {
    expect(trackingWindow(ride, 30, at('2026-03-10T20:00:00Z'))).toBe('not-started');
    const started = { ...ride, startedAt: at('2026-03-10T20:00:00Z') };
    expect(trackingWindow(started, 30, at('2026-03-10T20:10:00Z'))).toBe('open');
    const dropped = { ...started, droppedOffAt: at('2026-03-10T21:00:00Z') };
    expect(trackingWindow(dropped, 30, at('2026-03-10T21:30:00Z'))).toBe('open');
    expect(trackingWindow(dropped, 30, at('2026-03-10T21:30:01Z'))).toBe('ended');
  });

  it('has an end time once the ride is dropped off or completed, for a stream to close at', () => {
    const started = { ...ride, startedAt: at('2026-03-10T20:00:00Z') };
    expect(trackingWindowEnd(started, 30)).toBeNull();
    expect(trackingWindowEnd({ ...started, droppedOffAt: at('2026-03-10T21:00:00Z') }, 30)).toEqual(at('2026-03-10T21:30:00Z'));
    expect(trackingWindowEnd({ ...started, completedAt: at('2026-03-10T21:05:00Z') }, 30)).toEqual(at('2026-03-10T21:35:00Z'));
  });

  it('is closed for a cancelled booking', () => {
    expect(trackingWindow({ ...ride, status: 'cancelled', startedAt: at('2026-03-10T20:00:00Z') }, 30, at('2026-03-10T20:01:00Z'))).toBe('ended');
  });
});

describe('the driver a tracking link follows', () => {
  const ride = { driverId: 7, droppedOffAt: null as Date | null, completedAt: null as Date | null };
  it('is the ride\'s driver until drop-off, and nobody afterwards (completed by the driver or by an admin)', () => {
    expect(followedDriver(ride)).toBe(7);
    expect(followedDriver({ ...ride, droppedOffAt: new Date('2026-03-10T21:00:00Z') })).toBeNull();
    expect(followedDriver({ ...ride, completedAt: new Date('2026-03-10T21:00:00Z') })).toBeNull();
  });
});
