import type { QuickRideDetails } from '@limo/contracts';

/** Session-storage key of the ride details the home page's quick form hands to the wizard. */
export const PREFILL_KEY = 'bookingPrefill';

export type RidePrefill = Partial<QuickRideDetails>;

export function savePrefill(details: QuickRideDetails, storage: Storage = sessionStorage): void {
  storage.setItem(PREFILL_KEY, JSON.stringify(details));
}

const PREFILL_FIELDS = ['tripType', 'pickupDate', 'pickupTime', 'pickupLocation', 'dropoffLocation'] as const;

export function clearPrefill(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(PREFILL_KEY);
  } catch {
    // storage disabled: nothing was saved either
  }
}

/** Reads the saved ride details once and removes the entry, whatever it held. */
export function takePrefill(storage: Storage = sessionStorage): RidePrefill | null {
  const prefill = readPrefill(storage);
  clearPrefill(storage);
  return prefill;
}

/**
 * The saved ride details, or null when there are none or they cannot be read; a parse failure
 * is only logged (spec section 8). Reading is kept apart from removing so a component can read
 * in its state initializer (which React may run twice) and remove in an effect.
 */
export function readPrefill(storage: Storage = sessionStorage): RidePrefill | null {
  let raw: string | null;
  try {
    raw = storage.getItem(PREFILL_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    const source = parsed as Record<string, unknown>;
    const prefill: Record<string, unknown> = {};
    for (const field of PREFILL_FIELDS) if (typeof source[field] === 'string') prefill[field] = source[field];
    if (prefill.tripType !== 'one-way' && prefill.tripType !== 'hourly') delete prefill.tripType;
    if (typeof source.duration === 'number' && Number.isInteger(source.duration) && source.duration > 0) prefill.duration = source.duration;
    if (typeof source.passengers === 'number' && Number.isInteger(source.passengers) && source.passengers > 0) prefill.passengers = source.passengers;
    return prefill as RidePrefill;
  } catch (error) {
    console.warn('Could not read the saved ride details', error);
    return null;
  }
}
