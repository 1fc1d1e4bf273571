import type { BoardDriver, BoardRide, DispatchBoard } from '@limo/contracts';
import type { MapMarker } from '../../maps/map-types';
import type { MappedDriver } from '../live-map/driver-markers';

/** Under way: set off and not yet completed. */
const underWay = (ride: BoardRide) => ride.driverStatus !== null && ride.driverStatus !== 'completed' && ride.status !== 'completed';

/**
 * A driver's part of the day as the map's panel shows it: the ride under way, and the rides still
 * to start (offered or accepted), soonest first.
 */
export function driverDay(rides: readonly BoardRide[], driverId: number): { current: BoardRide | null; next: BoardRide[] } {
  const theirs = rides.filter((r) => r.driverId === driverId && r.status !== 'cancelled');
  return {
    current: theirs.find(underWay) ?? null,
    next: theirs.filter((r) => r.driverStatus === null && r.status !== 'completed').sort((a, b) => a.pickupAt.localeCompare(b.pickupAt)),
  };
}

export const mappedDriver = (d: BoardDriver): MappedDriver => ({ id: d.id, name: d.name, lat: d.location?.lat ?? null, lon: d.location?.lon ?? null, at: d.location?.at ?? null, onDuty: d.onDuty });

/** The day's rides still to do, at their pickups (where placed), each selecting the ride. */
export function rideMarkers(board: DispatchBoard, selectedId: number | null, onSelect: (id: number) => void): MapMarker[] {
  const names = new Map(board.drivers.map((d) => [d.id, d.name]));
  return board.rides
    .filter((r) => r.pickup && r.status !== 'completed' && r.status !== 'cancelled')
    .map((r) => ({
      id: `ride-${r.id}`,
      kind: 'ride',
      at: [r.pickup!.lat, r.pickup!.lon],
      text: r.pickupTime,
      label: `${r.reference}, pickup ${r.pickupTime} at ${r.pickupLocation}, ${r.driverId === null ? 'unassigned' : (names.get(r.driverId) ?? 'assigned')}`,
      selected: r.id === selectedId,
      onSelect: () => onSelect(r.id),
    }));
}
