import type { QueryClient } from '@tanstack/react-query';
import type { BoardRide, DispatchBoard } from '@limo/contracts';
import type { LiveUpdate } from '@limo/contracts/common/live';
import { positionOf } from '../live-map/locations-live';

/**
 * A live update applied to a board at once, before its refetch (which brings what an update does
 * not carry: an offer's deadline, a new ride, a changed block). Another admin's assignment or a
 * driver's answer moves the bar within the stream's delay instead of the refetch's (a whole day at
 * 1,000 rides); a position keeps the driver's "seen" time, and so the at-risk marks, current.
 * Answers the same board when the update changes nothing on it.
 */
export function applyLiveUpdate(board: DispatchBoard, update: LiveUpdate): DispatchBoard {
  if (update.bookingId !== undefined) {
    const index = board.rides.findIndex((r) => r.id === update.bookingId);
    if (index < 0) return board;
    const ride = board.rides[index];
    const next: BoardRide = {
      ...ride,
      status: (update.status as BoardRide['status'] | undefined) ?? ride.status,
      driverId: update.driverId === undefined ? ride.driverId : update.driverId,
      driverResponse: update.driverResponse === undefined ? ride.driverResponse : (update.driverResponse as BoardRide['driverResponse']),
      driverStatus: update.driverStatus === undefined ? ride.driverStatus : (update.driverStatus as BoardRide['driverStatus']),
    };
    if (!(next.status === 'pending' && next.driverResponse === 'pending')) next.responseDeadline = null;
    // A cancelled ride leaves the board.
    const rides = next.status === 'cancelled' ? board.rides.filter((r) => r.id !== ride.id) : board.rides.map((r, i) => (i === index ? next : r));
    return { ...board, rides };
  }
  if (update.type.includes('location') && update.driverId) {
    const driver = board.drivers.find((d) => d.id === update.driverId);
    const position = positionOf(update);
    if (!driver || (!driver.location && !position)) return board;
    // With the position in the update (the admin's stream), the map moves the driver too.
    const location = position ? { lat: position.latitude, lon: position.longitude, at: update.at } : { ...driver.location!, at: update.at };
    return { ...board, drivers: board.drivers.map((d) => (d === driver ? { ...d, location } : d)) };
  }
  return board;
}

/** Applies the update to every board in the cache (each day open in this tab). */
export function patchDispatchBoards(queryClient: QueryClient, update: LiveUpdate): void {
  queryClient.setQueriesData<DispatchBoard>({ queryKey: ['/api/admin/dispatch'] }, (board) => (board ? applyLiveUpdate(board, update) : board));
}
