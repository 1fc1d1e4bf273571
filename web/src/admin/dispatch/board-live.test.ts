import type { DispatchBoard } from '@limo/contracts';
import { applyLiveUpdate } from './board-live';
import { boardRide } from './board-fixtures';

const ride = boardRide;
const board: DispatchBoard = {
  date: '2026-12-01',
  rides: [ride(1), ride(2, { driverId: 7, driverResponse: 'pending', responseDeadline: '2026-12-01T16:15:00.000Z' })],
  drivers: [
    { id: 7, name: 'Ann', onDuty: true, location: { lat: 34, lon: -118, at: '2026-12-01T15:00:00.000Z' } },
    { id: 8, name: 'Bo', onDuty: true, location: null },
  ],
};
const at = '2026-12-01T16:01:00.000Z';

describe('a live update on the dispatch board', () => {
  it("moves a ride another admin assigned to its driver's lane at once, keeping the other rides as they were", () => {
    const next = applyLiveUpdate(board, { type: 'booking.ride.assigned.v1', at, bookingId: 1, status: 'pending', driverId: 8, driverResponse: 'pending', driverStatus: null });
    expect(next.rides[0]).toMatchObject({ id: 1, driverId: 8, driverResponse: 'pending' });
    expect(next.rides[1]).toBe(board.rides[1]);
  });

  it("confirms an accepted offer and ends its countdown; a declined one goes back without a driver", () => {
    expect(applyLiveUpdate(board, { type: 'booking.ride.answered.v1', at, bookingId: 2, status: 'confirmed', driverId: 7, driverResponse: 'accepted' }).rides[1]).toMatchObject({ status: 'confirmed', responseDeadline: null });
    expect(applyLiveUpdate(board, { type: 'booking.ride.answered.v1', at, bookingId: 2, status: 'pending', driverId: null, driverResponse: 'declined' }).rides[1]).toMatchObject({ driverId: null, responseDeadline: null });
  });

  it('takes a cancelled ride off, and leaves the board as it was for a ride of another day', () => {
    expect(applyLiveUpdate(board, { type: 'booking.booking.status-changed.v1', at, bookingId: 1, status: 'cancelled', driverId: null }).rides.map((r) => r.id)).toEqual([2]);
    expect(applyLiveUpdate(board, { type: 'booking.ride.assigned.v1', at, bookingId: 99, status: 'pending', driverId: 8 })).toBe(board);
  });

  it("keeps a driver's seen time current from their positions", () => {
    const next = applyLiveUpdate(board, { type: 'drivers.driver.location-updated.v1', at, driverId: 7 });
    expect(next.drivers[0].location).toEqual({ lat: 34, lon: -118, at });
    expect(next.drivers[1]).toBe(board.drivers[1]);
    expect(applyLiveUpdate(board, { type: 'drivers.driver.location-updated.v1', at, driverId: 8 })).toBe(board);
  });

  it('moves a driver to the position the update carries, one never seen before too', () => {
    const moved = applyLiveUpdate(board, { type: 'drivers.driver.location-updated.v1', at, driverId: 7, latitude: 34.05, longitude: -118.25 });
    expect(moved.drivers[0].location).toEqual({ lat: 34.05, lon: -118.25, at });
    const first = applyLiveUpdate(board, { type: 'drivers.driver.location-updated.v1', at, driverId: 8, latitude: 33.94, longitude: -118.41 });
    expect(first.drivers[1].location).toEqual({ lat: 33.94, lon: -118.41, at });
  });
});
