import type { QuickRideDetails, RideDetailsInput, TripType } from '@limo/contracts';
import { WIZARD_HOURS } from './contracts-lite';
import type { RidePrefill } from './prefill';

/** What the ride fields hold while being edited (strings as typed, blanks allowed). */
export interface RideForm {
  tripType: TripType;
  pickupDate: string;
  pickupTime: string;
  pickupLocation: string;
  dropoffLocation: string;
  duration: number;
  specialRequests: string;
  waypoints: string[];
}

export const emptyRide = (tripType: TripType = 'one-way', duration = 3): RideForm => ({
  tripType,
  pickupDate: '',
  pickupTime: '',
  pickupLocation: '',
  dropoffLocation: '',
  duration,
  specialRequests: '',
  waypoints: [],
});

/** The ride as the contract schema reads it: fields that do not apply to the trip type left out. */
export function rideInput(form: RideForm): RideDetailsInput {
  const input: RideDetailsInput = {
    tripType: form.tripType,
    pickupDate: form.pickupDate,
    pickupTime: form.pickupTime,
    pickupLocation: form.pickupLocation,
    waypoints: form.waypoints.filter((stop) => stop.trim() !== ''),
  };
  if (form.tripType === 'one-way') input.dropoffLocation = form.dropoffLocation;
  else input.duration = form.duration;
  if (form.specialRequests.trim() !== '') input.specialRequests = form.specialRequests;
  return input;
}

/** The quick card's fields as the contract schema reads them. */
export function quickRideInput(form: RideForm): QuickRideDetails {
  const { tripType, pickupDate, pickupTime, pickupLocation } = form;
  return form.tripType === 'one-way'
    ? { tripType, pickupDate, pickupTime, pickupLocation, dropoffLocation: form.dropoffLocation }
    : { tripType, pickupDate, pickupTime, pickupLocation, duration: form.duration };
}

/** Merges the quick form's saved details into a fresh ride form. */
export function rideFromPrefill(prefill: RidePrefill, base: RideForm): RideForm {
  return {
    ...base,
    ...(prefill.tripType ? { tripType: prefill.tripType } : {}),
    pickupDate: prefill.pickupDate ?? base.pickupDate,
    pickupTime: prefill.pickupTime ?? base.pickupTime,
    pickupLocation: prefill.pickupLocation ?? base.pickupLocation,
    dropoffLocation: prefill.dropoffLocation ?? base.dropoffLocation,
    duration: prefill.duration ?? base.duration,
  };
}

/**
 * The wizard offers 3 to 24 hours; the quick card 1 to 12. Fewer hours than the wizard's minimum
 * become the minimum, and `requestedHours` keeps what was asked for, so the wizard can say why.
 */
export function fitWizardHours(ride: RideForm): { ride: RideForm; requestedHours: number | null } {
  if (ride.tripType !== 'hourly' || ride.duration >= WIZARD_HOURS.min) return { ride, requestedHours: null };
  return { ride: { ...ride, duration: WIZARD_HOURS.min }, requestedHours: ride.duration };
}
