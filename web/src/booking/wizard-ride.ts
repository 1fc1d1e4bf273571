import { WIZARD_HOURS } from './contracts-lite';
import type { RidePrefill } from './prefill';
import type { RideForm } from './ride-form';

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
    passengers: prefill.passengers ?? base.passengers,
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
