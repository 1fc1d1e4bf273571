import type { Booking, BookingStatus, UpdateBookingRequest } from '@limo/contracts';

/** "Pickup → Drop-off" for one-way rides, "Pickup (hourly, 4 hours)" for hourly ones. */
export function bookingRoute(booking: Pick<Booking, 'tripType' | 'pickupLocation' | 'dropoffLocation' | 'duration'>): string {
  if (booking.tripType === 'hourly') {
    const hours = booking.duration ? `, ${booking.duration} hour${booking.duration === 1 ? '' : 's'}` : '';
    return `${booking.pickupLocation} (hourly${hours})`;
  }
  return booking.dropoffLocation ? `${booking.pickupLocation} → ${booking.dropoffLocation}` : booking.pickupLocation;
}

export function customerName(booking: Pick<Booking, 'firstName' | 'lastName'>): string {
  return `${booking.firstName} ${booking.lastName}`.trim();
}

export interface BookingDraft {
  status: BookingStatus;
  adminNotes: string;
}

export const draftOf = (booking: Pick<Booking, 'status' | 'adminNotes'>): BookingDraft => ({
  status: booking.status,
  adminNotes: booking.adminNotes ?? '',
});

/** The PATCH body the dialog saves: status and adminNotes (blank notes clear them). */
export function bookingPatch(draft: BookingDraft): UpdateBookingRequest {
  const notes = draft.adminNotes.trim();
  return { status: draft.status, adminNotes: notes ? draft.adminNotes.trimEnd() : null };
}

export const TRIP_TYPE_LABEL: Record<Booking['tripType'], string> = { 'one-way': 'One Way', hourly: 'Hourly' };
