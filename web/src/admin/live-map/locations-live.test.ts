import { QueryClient } from '@tanstack/react-query';
import type { DriverLocation } from '@limo/contracts';
import { LOCATIONS_KEY, patchDriverLocations } from './locations-live';

const driver = (id: number): DriverLocation =>
  ({ id, firstName: 'Ann', lastName: `Driver${id}`, username: `ann${id}`, isOnDuty: true, currentLatitude: '34.00000000', currentLongitude: '-118.00000000', lastLocationUpdate: '2026-11-27T10:00:00.000Z' }) as DriverLocation;

describe('patchDriverLocations', () => {
  const at = '2026-11-27T10:05:00.000Z';

  it("moves the driver the update names to its position and time, and no one else", () => {
    const client = new QueryClient();
    const before = [driver(1), driver(2)];
    client.setQueryData(LOCATIONS_KEY, before);
    patchDriverLocations(client, { type: 'drivers.driver.location-updated.v1', at, driverId: 2, latitude: 34.0522, longitude: -118.2437 });
    const after = client.getQueryData<DriverLocation[]>(LOCATIONS_KEY)!;
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toMatchObject({ currentLatitude: '34.0522', currentLongitude: '-118.2437', lastLocationUpdate: at });
  });

  it('leaves the list alone for an update without a position, and fetches it again for a driver it does not have', async () => {
    const client = new QueryClient();
    const before = [driver(1)];
    client.setQueryData(LOCATIONS_KEY, before);
    patchDriverLocations(client, { type: 'drivers.driver.location-updated.v1', at, driverId: 1 });
    expect(client.getQueryData(LOCATIONS_KEY)).toBe(before);
    patchDriverLocations(client, { type: 'drivers.driver.location-updated.v1', at, driverId: 9, latitude: 34, longitude: -118 });
    expect(client.getQueryState(LOCATIONS_KEY)?.isInvalidated).toBe(true);
  });
});
