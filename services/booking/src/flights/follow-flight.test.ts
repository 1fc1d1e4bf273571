import { businessInstant } from '@limo/contracts';
import type { FlightStatus } from './flight-status.js';
import { expectedArrival, followFlight, isDue, type FollowedRide } from './follow-flight.js';

const la = (time: string, date = '2026-12-03') => businessInstant(date, time);
const ride = (overrides: Partial<FollowedRide> = {}): FollowedRide => ({
  flightNumber: 'UA 1542',
  pickupAt: la('16:30'),
  pickupPinned: false,
  flightScheduledArrival: null,
  flightArrival: null,
  flightStatus: null,
  flightCheckedAt: null,
  ...overrides,
});
const status = (overrides: Partial<FlightStatus> = {}): FlightStatus => ({ state: 'scheduled', scheduledArrival: la('16:15'), estimatedArrival: la('16:15'), international: false, ...overrides });

describe('following a flight', () => {
  it('expects the flight at the booked pickup less 15 minutes until a schedule is known', () => {
    expect(expectedArrival(ride())).toEqual(la('16:15'));
    expect(expectedArrival(ride({ flightScheduledArrival: la('16:05') }))).toEqual(la('16:05'));
  });

  it('keeps the booked pickup when the first answer agrees with the schedule, even off the half hour', () => {
    expect(followFlight(ride(), status())).toEqual({ kind: 'noted', news: null });
    expect(followFlight(ride(), status({ scheduledArrival: la('16:07'), estimatedArrival: la('16:07') }))).toEqual({ kind: 'noted', news: null });
  });

  it('moves the pickup to the new arrival plus 15 minutes (domestic), to the minute', () => {
    expect(followFlight(ride(), status({ state: 'delayed', estimatedArrival: la('17:40') }))).toEqual({
      kind: 'move',
      pickupAt: la('17:55'),
      pickupDate: '2026-12-03',
      pickupTime: '17:55',
      detail: 'Flight UA 1542 now lands 17:40: pickup moved 16:30 → 17:55',
    });
  });

  it('waits 45 minutes after an international arrival, and follows an earlier landing', () => {
    const moved = followFlight(ride({ flightArrival: la('16:15') }), status({ state: 'landed', estimatedArrival: la('15:58'), international: true }));
    expect(moved).toMatchObject({ kind: 'move', pickupTime: '16:43', detail: 'Flight UA 1542 landed 15:58: pickup moved 16:30 → 16:43' });
  });

  it('a delay past midnight moves the date too', () => {
    expect(followFlight(ride({ pickupAt: la('23:30') }), status({ scheduledArrival: la('23:15'), estimatedArrival: la('00:50', '2026-12-04') }))).toMatchObject({
      kind: 'move',
      pickupDate: '2026-12-04',
      pickupTime: '01:05',
    });
  });

  it('moves nothing again for an arrival it already followed', () => {
    expect(followFlight(ride({ pickupAt: la('17:55'), flightArrival: la('17:40') }), status({ state: 'delayed', estimatedArrival: la('17:40') }))).toEqual({ kind: 'noted', news: null });
  });

  it('a pinned pickup stays, and the history says why', () => {
    expect(followFlight(ride({ pickupPinned: true }), status({ state: 'delayed', estimatedArrival: la('17:40') }))).toEqual({
      kind: 'noted',
      news: 'Flight UA 1542 now lands 17:40: pickup pinned at 16:30, not moved',
    });
  });

  it('a cancelled, diverted or unknown flight keeps the pickup and says so once', () => {
    expect(followFlight(ride(), status({ state: 'cancelled' }))).toEqual({ kind: 'noted', news: 'Flight UA 1542 is cancelled: pickup kept at 16:30; check with the customer' });
    expect(followFlight(ride({ flightStatus: 'cancelled' }), status({ state: 'cancelled' }))).toEqual({ kind: 'noted', news: null });
    expect(followFlight(ride(), status({ state: 'unknown', scheduledArrival: null, estimatedArrival: null }))).toMatchObject({ news: expect.stringContaining('is not known') });
    expect(followFlight(ride(), status({ state: 'diverted', estimatedArrival: la('19:00') }))).toMatchObject({ kind: 'noted' });
  });

  it('asks more often as the pickup nears, and at once when never asked', () => {
    const now = la('12:00');
    const checked = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const cadence = { pollSeconds: 300 };
    expect(isDue({ pickupAt: la('17:00'), flightCheckedAt: null }, now, cadence)).toBe(true);
    expect(isDue({ pickupAt: la('17:00'), flightCheckedAt: checked(20) }, now, cadence)).toBe(false);
    expect(isDue({ pickupAt: la('17:00'), flightCheckedAt: checked(30) }, now, cadence)).toBe(true);
    expect(isDue({ pickupAt: la('14:00'), flightCheckedAt: checked(10) }, now, cadence)).toBe(false);
    expect(isDue({ pickupAt: la('14:00'), flightCheckedAt: checked(15) }, now, cadence)).toBe(true);
    expect(isDue({ pickupAt: la('12:45'), flightCheckedAt: checked(5) }, now, cadence)).toBe(true);
    expect(isDue({ pickupAt: la('12:45'), flightCheckedAt: checked(3) }, now, cadence)).toBe(false);
  });
});
