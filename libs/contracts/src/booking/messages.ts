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
  nothingToUpdate: 'Nothing to update: send adminNotes or status',
  bookingId: 'Booking id must be a positive integer',
  idempotencyKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
} as const;
