import type { BoardDriver, BoardRide } from '@limo/contracts';
import { barSpan, boardCounts, conflicts, dayWindow, dropHint, lanes, needingDriverText, packTracks, risks } from './board-layout';
import { boardRide } from './board-fixtures';

/** A ride its driver 7 accepted, from `from` to `to`. */
const ride = (id: number, from: string, to: string, extra: Partial<BoardRide> = {}): BoardRide =>
  boardRide(id, { status: 'confirmed', driverId: 7, driverResponse: 'accepted', pickupAt: from, blockEnd: to, ...extra });
const driver = (id: number, name: string, onDuty: boolean, at: string | null = null): BoardDriver => ({ id, name, onDuty, location: at ? { lat: 34, lon: -118, at } : null });

describe('the dispatch board layout', () => {
  // 2026-12-01 is PST (UTC-8): LA midnight is 08:00Z.
  const day = dayWindow('2026-12-01');

  it('places a bar from its pickup to the end of its block, in hours from Los Angeles midnight', () => {
    expect(day.hours).toBe(24);
    expect(barSpan(ride(1, '2026-12-01T17:00:00.000Z', '2026-12-01T19:30:00.000Z'), day)).toEqual({ from: 9, length: 2.5, cutAtMidnight: false });
  });

  it('cuts a block that runs past midnight at the edge of the day', () => {
    expect(barSpan(ride(1, '2026-12-02T06:30:00.000Z', '2026-12-02T09:00:00.000Z'), day)).toEqual({ from: 22.5, length: 1.5, cutAtMidnight: true });
  });

  it('has 23 hours on the day the clocks go forward', () => {
    expect(dayWindow('2026-03-08').hours).toBe(23);
  });

  it('finds the held rides of one driver whose blocks overlap, naming the other, and ignores other drivers and rides not held', () => {
    const found = conflicts([
      ride(1, '2026-12-01T17:00:00.000Z', '2026-12-01T19:30:00.000Z'),
      ride(2, '2026-12-01T19:00:00.000Z', '2026-12-01T21:30:00.000Z', { status: 'pending', driverResponse: 'pending' }),
      // Starts exactly when the first ends: half-open spans do not overlap.
      ride(3, '2026-12-01T21:30:00.000Z', '2026-12-01T23:00:00.000Z'),
      ride(4, '2026-12-01T17:00:00.000Z', '2026-12-01T19:30:00.000Z', { driverId: 8 }),
      ride(5, '2026-12-01T17:30:00.000Z', '2026-12-01T19:30:00.000Z', { status: 'pending', driverResponse: 'declined', driverId: null }),
    ]);
    expect([...found.entries()]).toEqual([
      [2, 'LX-1'],
      [1, 'LX-2'],
    ]);
  });

  it('marks a late flight and a driver whose location is stale within the hour before pickup', () => {
    const now = new Date('2026-12-01T16:30:00.000Z');
    const late = ride(1, '2026-12-01T17:00:00.000Z', '2026-12-01T19:30:00.000Z', { flightNumber: 'UA 1542', flightAlert: { kind: 'at-risk', detail: 'lands 90 min late', at: now.toISOString() } });
    expect(risks(late, driver(7, 'Ann', true, '2026-12-01T16:29:00.000Z'), now)).toEqual(['Flight UA 1542: at risk']);
    expect(risks(late, driver(7, 'Ann', true, '2026-12-01T15:00:00.000Z'), now)).toEqual(['Flight UA 1542: at risk', 'Driver location stale']);
    expect(risks(late, driver(7, 'Ann', true), now)).toEqual(['Flight UA 1542: at risk', 'Driver location unknown']);
    // Two hours before pickup, a stale location is not yet a worry.
    expect(risks(late, driver(7, 'Ann', true, '2026-12-01T15:00:00.000Z'), new Date('2026-12-01T15:00:00.000Z'))).toEqual(['Flight UA 1542: at risk']);
  });

  it('stacks overlapping bars of a lane into tracks, reusing a track once its bar has ended', () => {
    const { track, count } = packTracks([
      ride(1, '2026-12-01T17:00:00.000Z', '2026-12-01T19:30:00.000Z'),
      ride(2, '2026-12-01T18:00:00.000Z', '2026-12-01T20:30:00.000Z'),
      ride(3, '2026-12-01T19:30:00.000Z', '2026-12-01T22:00:00.000Z'),
    ]);
    expect(Object.fromEntries(track)).toEqual({ 1: 0, 2: 1, 3: 0 });
    expect(count).toBe(2);
  });

  it('orders the lanes: unassigned first, then drivers on duty, then off duty, by name; a gone driver keeps a row', () => {
    const rides = [ride(1, '2026-12-01T17:00:00.000Z', '2026-12-01T19:30:00.000Z', { driverId: null }), ride(2, '2026-12-01T17:00:00.000Z', '2026-12-01T19:30:00.000Z', { driverId: 3 }), ride(3, '2026-12-01T17:00:00.000Z', '2026-12-01T19:30:00.000Z', { driverId: 99 })];
    const result = lanes({ rides, drivers: [driver(1, 'Zoe', true), driver(2, 'Abe', false), driver(3, 'Ann', true)] });
    expect(result.map((l) => l.driver?.name ?? 'Unassigned')).toEqual(['Unassigned', 'Ann', 'Zoe', 'Abe', 'Driver #99 (inactive)']);
    expect(result.map((l) => l.rides.map((r) => r.id))).toEqual([[1], [2], [], [], [3]]);
  });

  it("says while a ride is dragged over a driver whether they are off duty, busy with an overlapping ride, or free", () => {
    const dragged = ride(9, '2026-12-01T18:00:00.000Z', '2026-12-01T20:30:00.000Z', { status: 'pending', driverId: null, driverResponse: null });
    const held = ride(1, '2026-12-01T17:00:00.000Z', '2026-12-01T19:30:00.000Z');
    const declined = ride(2, '2026-12-01T18:00:00.000Z', '2026-12-01T20:30:00.000Z', { status: 'pending', driverResponse: 'declined' });
    expect(dropHint(dragged, { driver: driver(7, 'Ann', false), rides: [] })).toBe('Off duty: cannot be offered rides');
    expect(dropHint(dragged, { driver: driver(7, 'Ann', true), rides: [held] })).toBe('Busy: LX-1 overlaps this ride');
    expect(dropHint(dragged, { driver: driver(7, 'Ann', true), rides: [declined] })).toBe('Free for this ride');
  });

  it('counts as needing a driver only the pending rides without one, not the completed, under-way or cancelled ones left without a driver', () => {
    const driverless = [
      boardRide(1, { status: 'completed' }),
      boardRide(2, { status: 'in-progress' }),
      boardRide(3, { status: 'cancelled' }),
      boardRide(4, { status: 'pending', driverResponse: 'declined' }),
      boardRide(5, { status: 'pending' }),
    ];
    const offered = boardRide(6, { status: 'pending', driverId: 7, driverResponse: 'pending' });
    const board = { rides: [...driverless, offered], drivers: [driver(7, 'Ann', true)] };
    expect(boardCounts(board)).toEqual({ rides: 6, unassigned: 2, offers: 1, drivers: 1, onDuty: 1 });
    expect(lanes(board)[0].rides.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(needingDriverText(lanes(board)[0].rides)).toBe('2 rides need a driver');
    expect(needingDriverText(driverless.slice(0, 3))).toBe('0 rides need a driver');
    expect(needingDriverText([boardRide(5)])).toBe('1 ride needs a driver');
  });
});
