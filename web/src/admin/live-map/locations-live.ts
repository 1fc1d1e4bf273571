import type { QueryClient } from '@tanstack/react-query';
import type { DriverLocation } from '@limo/contracts';
import type { LiveUpdate } from '@limo/contracts/common/live';

export const LOCATIONS_KEY = ['/api/drivers/locations'];

/** A position the stream carries (location events on the admin's stream), or null. */
export const positionOf = (update: LiveUpdate): { latitude: number; longitude: number } | null =>
  update.type.includes('location') && update.latitude !== undefined && update.longitude !== undefined ? { latitude: update.latitude, longitude: update.longitude } : null;

/**
 * Moves a driver on the locations list (the maps and Driver Locations) as soon as the stream says
 * where they are: no refetch of every driver for one driver's move. A driver not on the list yet
 * (just registered) is fetched with it.
 */
export function patchDriverLocations(queryClient: QueryClient, update: LiveUpdate): void {
  const position = positionOf(update);
  if (!position || !update.driverId) return;
  const list = queryClient.getQueryData<DriverLocation[]>(LOCATIONS_KEY);
  if (!list) return;
  if (!list.some((d) => d.id === update.driverId)) {
    void queryClient.invalidateQueries({ queryKey: LOCATIONS_KEY });
    return;
  }
  queryClient.setQueryData<DriverLocation[]>(
    LOCATIONS_KEY,
    list.map((d) => (d.id === update.driverId ? { ...d, currentLatitude: String(position.latitude), currentLongitude: String(position.longitude), lastLocationUpdate: update.at } : d)),
  );
}
