import type { Driver, DriverPosition } from '@limo/contracts';

type Positioned = Pick<Driver, 'currentLatitude' | 'currentLongitude' | 'lastLocationUpdate'>;

/** A driver's last shared location; null when they have not shared one. */
export function positionOf(driver: Positioned): DriverPosition | null {
  const { currentLatitude: lat, currentLongitude: lon, lastLocationUpdate: at } = driver;
  return lat !== null && lon !== null && at ? { lat: Number(lat), lon: Number(lon), at } : null;
}
