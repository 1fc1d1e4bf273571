import type { TripType } from '@limo/contracts';
import { emptyContact, type ContactForm } from './booking-draft';
import { readPrefill } from './prefill';
import { emptyRide, type RideForm } from './ride-form';
import { fitWizardHours, rideFromPrefill } from './wizard-ride';

/**
 * What the wizard keeps in the tab's session storage while a booking is being made, so a reload
 * or a return to the page loses nothing; removed when the booking is made. One per page the
 * wizard is on (/booking, /reservations, the service pages).
 */
export interface WizardDraft {
  ride: RideForm;
  contact: ContactForm;
  /** The furthest step reached through Next: no history entry shows a later one. */
  reached: number;
  /** Hours chosen on the home page's quick card below the wizard's minimum (the note about it). */
  requestedHours: number | null;
  /** "Book for <company>" chosen on the contact step: the contact is then the passenger. */
  forCompany: boolean;
}

const draftKey = (page: string) => `bookingDraft:${page}`;

export const emptyDraft = (tripType: TripType): WizardDraft => ({ ride: emptyRide(tripType), contact: emptyContact(), reached: 1, requestedHours: null, forCompany: false });

/** `json` is JSON.stringify of a WizardDraft. Storage that is full or turned off keeps nothing. */
export function saveDraft(page: string, json: string, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(draftKey(page), json);
  } catch {
    // The wizard works on without it; only a reload would start over.
  }
}

export function clearDraft(page: string, storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(draftKey(page));
  } catch {
    // Nothing was kept either.
  }
}

/** Values of `stored` whose type matches `base`'s, over `base` (an old or edited entry cannot break the form). */
function sameShape<T extends object>(base: T, stored: unknown): T {
  if (!stored || typeof stored !== 'object') return base;
  const source = stored as Record<string, unknown>;
  const merged = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(base)) {
    const candidate = source[key];
    const fits = Array.isArray(value)
      ? Array.isArray(candidate) && candidate.every((item) => typeof item === 'string')
      : typeof candidate === typeof value && candidate !== null;
    if (fits) merged[key] = candidate;
  }
  return merged as T;
}

/** The draft kept for this page, or null (none, or unreadable: only logged, as the prefill's). */
export function readDraft(page: string, tripType: TripType, storage: Storage = sessionStorage): WizardDraft | null {
  try {
    const raw = storage.getItem(draftKey(page));
    if (raw === null) return null;
    const stored = JSON.parse(raw) as Partial<Record<keyof WizardDraft, unknown>> | null;
    const base = emptyDraft(tripType);
    const ride = sameShape(base.ride, stored?.ride);
    if (ride.tripType !== 'one-way' && ride.tripType !== 'hourly') ride.tripType = tripType;
    const reached = typeof stored?.reached === 'number' && [1, 2, 3, 4].includes(stored.reached) ? stored.reached : 1;
    const requestedHours = typeof stored?.requestedHours === 'number' ? stored.requestedHours : null;
    const forCompany = stored?.forCompany === true;
    return { ride, contact: sameShape(base.contact, stored?.contact), reached, requestedHours, forCompany };
  } catch (error) {
    console.warn('Could not read the saved booking draft', error);
    return null;
  }
}

/**
 * Where the wizard starts: a ride handed over by the home page's quick card (?prefill=true) at
 * step 2, keeping contact details already typed in this tab; else the draft kept for this page;
 * else an empty ride at step 1.
 */
export function startingDraft(page: string, prefill: boolean, tripType: TripType): { draft: WizardDraft; step: number; fromQuickCard: boolean } {
  const kept = readDraft(page, tripType);
  const handed = prefill ? readPrefill() : null;
  if (!handed) return { draft: kept ?? emptyDraft(tripType), step: 1, fromQuickCard: false };
  const { ride, requestedHours } = fitWizardHours(rideFromPrefill(handed, emptyRide(tripType)));
  return { draft: { ride, contact: kept?.contact ?? emptyContact(), reached: 2, requestedHours, forCompany: kept?.forCompany ?? false }, step: 2, fromQuickCard: true };
}
