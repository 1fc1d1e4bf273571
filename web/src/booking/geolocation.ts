/** Spec section 9: high accuracy, 10 s timeout, a cached position up to 5 minutes old is fine. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 };

export const GEOLOCATION_MESSAGES = {
  unsupported: 'Geolocation is not supported by this browser.',
  denied: 'Location access denied by user.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  other: 'Unable to retrieve your location.',
} as const;

/** The spec's message for a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
export function geolocationErrorMessage(code: number | undefined): string {
  if (code === 1) return GEOLOCATION_MESSAGES.denied;
  if (code === 2) return GEOLOCATION_MESSAGES.unavailable;
  if (code === 3) return GEOLOCATION_MESSAGES.timeout;
  return GEOLOCATION_MESSAGES.other;
}

/** A position as the location field shows it: "lat, lng" with 6 decimals (about 10 cm). */
export const formatPosition = (latitude: number, longitude: number) => `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;

/** The browser's current position as "lat, lng", or a rejection carrying the spec's message. */
export function currentPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error(GEOLOCATION_MESSAGES.unsupported));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve(formatPosition(position.coords.latitude, position.coords.longitude)),
      (error) => reject(new Error(geolocationErrorMessage(error?.code))),
      GEOLOCATION_OPTIONS,
    );
  });
}
