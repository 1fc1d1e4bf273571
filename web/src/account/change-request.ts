import type { CustomerBookingView } from '@limo/contracts/booking/self-service';
import type { CustomerChangeRequest } from '@limo/contracts/booking/http';

/** The change form's fields, as typed. */
export interface ChangeForm {
  pickupDate: string;
  pickupTime: string;
  pickupLocation: string;
  dropoffLocation: string;
  passengers: string;
  luggage: string;
  /** The vehicle's id as the select holds it ('' for a booking with none). */
  vehicleId: string;
}

export const changeFormOf = (booking: CustomerBookingView): ChangeForm => ({
  pickupDate: booking.pickupDate,
  pickupTime: booking.pickupTime,
  pickupLocation: booking.pickupLocation,
  dropoffLocation: booking.dropoffLocation ?? '',
  passengers: String(booking.passengers ?? 1),
  luggage: String(booking.luggage ?? 0),
  vehicleId: booking.vehicleId == null ? '' : String(booking.vehicleId),
});

/**
 * Only what the customer changed goes to the server (which checks it with the contract and says
 * what is wrong): a ride with a chauffeur can still take a change of passengers while its time,
 * sent unchanged, would be refused. Numbers as typed become numbers ("" stays text, a 400).
 */
export function changeRequest(booking: CustomerBookingView, form: ChangeForm): Partial<Record<keyof CustomerChangeRequest, unknown>> {
  const before = changeFormOf(booking);
  const body: Partial<Record<keyof CustomerChangeRequest, unknown>> = {};
  for (const field of ['pickupDate', 'pickupTime', 'pickupLocation', 'dropoffLocation'] as const) {
    if (form[field].trim() !== before[field]) body[field] = form[field].trim();
  }
  for (const field of ['passengers', 'luggage', 'vehicleId'] as const) {
    if (form[field].trim() !== before[field]) body[field] = /^\d+$/.test(form[field].trim()) ? Number(form[field]) : form[field];
  }
  return body;
}
