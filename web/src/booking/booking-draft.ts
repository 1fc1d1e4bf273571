import {
  PAYMENT_METHOD,
  quotePrice,
  type BookingRequestInput,
  type ContactDetails,
  type ContactDetailsInput,
  type PriceQuote,
  type QuickRideDetails,
  type RideDetails,
  type RideDetailsInput,
  type TripType,
} from '@limo/contracts';
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

export type ContactForm = Required<ContactDetailsInput>;

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

export const emptyContact = (): ContactForm => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  smsUpdates: false,
  meetGreet: false,
  childSeats: false,
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
export function quickRideInput(form: RideForm): Partial<QuickRideDetails> {
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

export const estimate = (ride: Pick<RideForm, 'tripType' | 'duration'>, contact: Pick<ContactForm, 'meetGreet' | 'childSeats'>): PriceQuote =>
  quotePrice({ tripType: ride.tripType, duration: ride.duration, meetGreet: contact.meetGreet, childSeats: contact.childSeats });

/**
 * The spec's wizard payload: dropoffLocation '' when there is none, duration the hours for an
 * hourly ride and 1 otherwise, vehicleId 1, paymentMethod 'phone-card', and the estimate's
 * price strings (the server prices the ride again and stores its own figures).
 */
export function toBookingPayload(ride: RideDetails, contact: ContactDetails): BookingRequestInput {
  const quote = quotePrice({ tripType: ride.tripType, duration: ride.duration, meetGreet: contact.meetGreet, childSeats: contact.childSeats });
  return {
    tripType: ride.tripType,
    pickupDate: ride.pickupDate,
    pickupTime: ride.pickupTime,
    pickupLocation: ride.pickupLocation,
    dropoffLocation: ride.tripType === 'one-way' ? (ride.dropoffLocation ?? '') : '',
    duration: ride.tripType === 'hourly' ? (ride.duration ?? 3) : 1,
    specialRequests: ride.specialRequests ?? '',
    waypoints: ride.waypoints,
    vehicleId: 1,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    paymentMethod: PAYMENT_METHOD,
    smsUpdates: contact.smsUpdates,
    meetGreet: contact.meetGreet,
    childSeats: contact.childSeats,
    baseRate: quote.base,
    serviceFee: quote.serviceFee,
    gratuity: quote.gratuity,
    totalAmount: quote.total,
  };
}
