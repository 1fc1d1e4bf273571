import type { BoardRide, DispatchBoard } from '@limo/contracts';
import { driverDay, rideMarkers } from './driver-day';

const ride = (id: number, over: Partial<BoardRide>): BoardRide =>
  ({
    id,
    reference: `LX-${id}`,
    status: 'confirmed',
    tripType: 'one-way',
    pickupTime: '10:00',
    pickupAt: `2026-12-01T${String(8 + id).padStart(2, '0')}:00:00.000Z`,
    blockEnd: '2026-12-01T23:00:00.000Z',
    pickupLocation: 'LAX',
    dropoffLocation: 'Downtown Los Angeles',
    pickup: { lat: 33.94, lon: -118.41 },
    customerName: 'A B',
    passengers: 1,
    vehicleId: 1,
    driverId: 7,
    driverResponse: 'accepted',
    driverStatus: null,
    responseDeadline: null,
    flightNumber: null,
    flightAlert: null,
    ...over,
  }) as BoardRide;

describe("a driver's day on the map", () => {
  it('is the ride under way and the ones still to start, soonest first, not the done, cancelled or other drivers\' ones', () => {
    const rides = [
      ride(5, {}),
      ride(1, { driverStatus: 'completed', status: 'completed' }),
      ride(2, { driverStatus: 'picked-up', status: 'in-progress' }),
      ride(3, { status: 'pending', driverResponse: 'pending' }),
      ride(4, { status: 'cancelled' }),
      ride(6, { driverId: 8 }),
    ];
    const day = driverDay(rides, 7);
    expect(day.current?.id).toBe(2);
    expect(day.next.map((r) => r.id)).toEqual([3, 5]);
    expect(driverDay(rides, 9)).toEqual({ current: null, next: [] });
  });

  it("marks the rides still to do at their pickups, naming whose they are; a ride without a place is left off", () => {
    const board = {
      date: '2026-12-01',
      drivers: [{ id: 7, name: 'Ann Lee', onDuty: true, location: null }],
      rides: [ride(1, {}), ride(2, { driverId: null, driverResponse: null, status: 'pending' }), ride(3, { pickup: null }), ride(4, { status: 'completed' })],
    } as unknown as DispatchBoard;
    const chosen: number[] = [];
    const markers = rideMarkers(board, 2, (id) => chosen.push(id));
    expect(markers.map((m) => [m.id, m.label, m.selected])).toEqual([
      ['ride-1', 'LX-1, pickup 10:00 at LAX, Ann Lee', false],
      ['ride-2', 'LX-2, pickup 10:00 at LAX, unassigned', true],
    ]);
    markers[1].onSelect!();
    expect(chosen).toEqual([2]);
  });
});
