/**
 * What a customer reads when a booking field is wrong. Messages quoted in spec section 5 are kept
 * word for word (tests compare against them); the rest are ours.
 */
export const BOOKING_MESSAGES = {
  tripType: 'Trip type must be one-way or hourly',
  pickupDateRequired: 'Pickup date is required',
  pickupDateInvalid: 'Pickup date must be a valid date (YYYY-MM-DD)',
  pickupDatePast: 'Pickup date cannot be in the past',
  pickupDateTooFar: 'Pickup date cannot be more than 2 years ahead',
  pickupTimeRequired: 'Pickup time is required',
  pickupTimeInvalid: 'Pickup time must be a 30-minute slot (HH:MM)',
  pickupLocationRequired: 'Pickup location is required',
  dropoffLocationRequired: 'Drop-off location is required',
  durationRequired: 'Duration is required for hourly rides',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Valid email is required',
  phone: 'Valid phone number is required',
  paymentMethod: 'Payment method must be phone-card',
  status: 'Status must be one of pending, confirmed, in-progress, completed, cancelled',
  nothingToUpdate: 'Nothing to update: send adminNotes, status or a ride field',
  version: 'version must be the booking version as read',
  bookingId: 'Booking id must be a positive integer',
  idempotencyKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  passengers: 'Passengers must be a whole number from 1 to 60',
  luggage: 'Luggage must be a whole number of bags from 0 to 50',
  vehicleId: 'Vehicle must be a vehicle id',
  staleVersion: 'This booking was changed by someone else',
  statusReasonRequired: 'Give a reason for changing the status of a ride its driver has accepted',
  statusReasonWithoutStatus: 'statusReason goes with a status',
} as const;

/** '2 hours', '1 hour' or '90 minutes'. */
export function minutesText(minutes: number): string {
  const hours = minutes / 60;
  return Number.isInteger(hours) ? `${hours} hour${hours === 1 ? '' : 's'}` : `${minutes} minutes`;
}

/** 'Pickup must be at least 2 hours from now' (BOOKING_MIN_LEAD_MINUTES, 120 by default). */
export function pickupTooSoon(leadMinutes: number): string {
  return `Pickup must be at least ${minutesText(leadMinutes)} from now`;
}

export const vehicleUnavailable = (vehicleId: number) => `Vehicle ${vehicleId} is not available: choose one of the active vehicles`;

export const vehicleTooSmall = (vehicle: { name: string; capacity: number }, passengers: number) =>
  `The ${vehicle.name} seats ${vehicle.capacity}: choose a larger vehicle for ${passengers} passengers`;

export const vehicleTooSmallForLuggage = (vehicle: { name: string; luggageCapacity?: number }, luggage: number) =>
  `The ${vehicle.name} holds ${vehicle.luggageCapacity ?? 0} bags: choose a larger vehicle for ${luggage} bags`;
