import type { CustomerBookingView } from '@limo/contracts/booking/self-service';
import { WEB_PAGES } from '@limo/contracts/common/web-routes';
import { emptyDraft, saveDraft, type WizardDraft } from '../booking/wizard-draft';

/**
 * "Book again": the wizard's draft for /booking made from a past or cancelled booking, the same
 * ride (trip type, places, hours, passengers, luggage, vehicle, extras, the passenger's details)
 * with no date or time, which the customer picks. The wizard opens its kept draft at step 1, so
 * nothing on the server is involved; a draft being typed in this tab is replaced.
 */
export function rebookDraft(booking: CustomerBookingView): WizardDraft {
  const draft = emptyDraft(booking.tripType);
  return {
    ...draft,
    ride: {
      ...draft.ride,
      pickupLocation: booking.pickupLocation,
      dropoffLocation: booking.tripType === 'one-way' ? (booking.dropoffLocation ?? '') : '',
      duration: booking.tripType === 'hourly' ? (booking.duration ?? draft.ride.duration) : draft.ride.duration,
      waypoints: booking.waypoints,
      passengers: booking.passengers ?? draft.ride.passengers,
      luggage: booking.luggage ?? 0,
      vehicleId: booking.vehicleId ?? draft.ride.vehicleId,
      specialRequests: booking.specialRequests ?? '',
    },
    contact: {
      ...draft.contact,
      firstName: booking.firstName,
      lastName: booking.lastName,
      email: booking.email,
      phone: booking.phone,
      smsUpdates: booking.smsUpdates,
      meetGreet: booking.meetGreet,
      childSeats: booking.childSeats,
    },
  };
}

/** Keeps the ride as /booking's draft; the caller then opens /booking. */
export function startRebooking(booking: CustomerBookingView): string {
  saveDraft(WEB_PAGES.booking, JSON.stringify(rebookDraft(booking)));
  return WEB_PAGES.booking;
}
