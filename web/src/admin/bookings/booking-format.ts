import type { Booking, BookingStatus, UpdateBookingRequest } from '@limo/contracts';
import { formatBusinessInstant } from '@limo/contracts/common/business-time';

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

/** The ride as the dialog edits it (what PATCH may change besides status and notes). */
export interface RideDraft {
  tripType: Booking['tripType'];
  pickupDate: string;
  pickupTime: string;
  pickupLocation: string;
  dropoffLocation: string;
  duration: number;
  passengers: number;
  vehicleId: number;
}

export interface BookingDraft extends RideDraft {
  status: BookingStatus;
  /** Why the status is changed by hand (the timeline keeps it); sent only with a changed status. */
  statusReason: string;
  /** The status as read, to tell whether it changed. */
  savedStatus: BookingStatus;
  adminNotes: string;
  /** The booking's version as read: the server refuses the save if someone changed it since. */
  version: number;
  /** The pickup pinned (its arriving flight no longer moves it), and as read. */
  pickupPinned: boolean;
  savedPickupPinned: boolean;
  /** The ride's flight as typed ('' none), and as read. */
  flightNumber: string;
  savedFlightNumber: string;
  /** The ride as it was, so only what the admin changed is sent (and re-priced). */
  original: RideDraft;
}

type DraftSource = Pick<Booking, 'status' | 'adminNotes' | 'version' | 'pickupPinned' | 'flightNumber' | 'tripType' | 'pickupDate' | 'pickupTime' | 'pickupLocation' | 'dropoffLocation' | 'duration' | 'passengers' | 'vehicleId'>;

export function draftOf(booking: DraftSource): BookingDraft {
  const ride: RideDraft = {
    tripType: booking.tripType,
    pickupDate: booking.pickupDate,
    pickupTime: booking.pickupTime,
    pickupLocation: booking.pickupLocation,
    dropoffLocation: booking.dropoffLocation ?? '',
    duration: booking.duration ?? 3,
    passengers: booking.passengers ?? 1,
    vehicleId: booking.vehicleId ?? 1,
  };
  const pinned = booking.pickupPinned ?? false;
  return {
    status: booking.status,
    statusReason: '',
    savedStatus: booking.status,
    adminNotes: booking.adminNotes ?? '',
    version: booking.version,
    pickupPinned: pinned,
    savedPickupPinned: pinned,
    flightNumber: booking.flightNumber ?? '',
    savedFlightNumber: booking.flightNumber ?? '',
    ...ride,
    original: ride,
  };
}

const RIDE_FIELDS = ['tripType', 'pickupDate', 'pickupTime', 'pickupLocation', 'dropoffLocation', 'duration', 'passengers', 'vehicleId'] as const;

/**
 * The PATCH body the dialog saves: status (with its reason when it changed), notes (blank clears
 * them), the version as read, and the ride fields the admin changed (a one-way ride sends no
 * hours, an hourly one no drop-off).
 */
export function bookingPatch(draft: BookingDraft): UpdateBookingRequest {
  const notes = draft.adminNotes.trim();
  const patch: UpdateBookingRequest = { status: draft.status, adminNotes: notes ? draft.adminNotes.trimEnd() : null, version: draft.version };
  if (draft.status !== draft.savedStatus && draft.statusReason.trim()) patch.statusReason = draft.statusReason.trim();
  if (draft.pickupPinned !== draft.savedPickupPinned) patch.pickupPinned = draft.pickupPinned;
  if (draft.flightNumber.trim() !== draft.savedFlightNumber) patch.flightNumber = draft.flightNumber.trim();
  const [own, other] = draft.tripType === 'hourly' ? (['duration', 'dropoffLocation'] as const) : (['dropoffLocation', 'duration'] as const);
  const tripTypeChanged = draft.tripType !== draft.original.tripType;
  const changed = RIDE_FIELDS.filter((field) => field !== other && (draft[field] !== draft.original[field] || (field === own && tripTypeChanged)));
  return Object.assign(patch, Object.fromEntries(changed.map((field) => [field, draft[field]])));
}

export const TRIP_TYPE_LABEL: Record<Booking['tripType'], string> = { 'one-way': 'One Way', hourly: 'Hourly' };

/** What the flight poll last saw of an arriving flight, for the flight's line: " (delayed, lands Tue, Mar 10, 5:45 PM PDT; pickup pinned)". */
export function flightFollowText(booking: Pick<Booking, 'flightStatus' | 'flightArrival' | 'pickupPinned'>): string {
  const parts: string[] = [];
  const { flightStatus: status, flightArrival: arrival } = booking;
  if (status) {
    const words: Record<string, string> = { unknown: 'not known to the flight provider', 'no-fresh-status': 'no fresh status from the flight provider' };
    const timed = arrival && status !== 'cancelled' && status !== 'unknown';
    const when = timed ? `, ${status === 'landed' ? 'landed' : status === 'no-fresh-status' ? 'last known to land' : 'lands'} ${formatBusinessInstant(new Date(arrival))}` : '';
    parts.push(`${words[status] ?? status}${when}`);
  }
  if (booking.pickupPinned) parts.push('pickup pinned');
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}
