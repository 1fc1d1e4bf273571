import { useQuery } from '@tanstack/react-query';
import type { Driver } from '@limo/contracts';
import { apiRequest } from '../../lib/api';

/** Where the admin's photo of a driver is (PUT to upload, DELETE to remove, GET to see). */
export const driverPhotoPath = (driverId: number) => `/api/drivers/${driverId}/photo`;

/** A data: URL, which the Content-Security-Policy's img-src allows (a blob: URL it does not). */
const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });

/**
 * The driver's photo as a URL an <img> can show, or undefined without one (the initials show).
 * Fetched with the admin's credentials, which an <img src> would not send (they are a header, not
 * a cookie), and kept per photo version: a new photo is a new query. A photo is a few dozen kB.
 */
export function useDriverPhotoUrl(driver: Pick<Driver, 'id' | 'photoVersion'>): string | undefined {
  const version = driver.photoVersion ?? null;
  const photo = useQuery({
    queryKey: [driverPhotoPath(driver.id), version],
    queryFn: async () => dataUrlOf(await (await apiRequest('GET', driverPhotoPath(driver.id))).blob()),
    enabled: version !== null,
  });
  return version === null ? undefined : photo.data;
}
