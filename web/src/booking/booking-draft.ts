import type { BookingRequestInput, ContactDetails, ContactDetailsInput, PriceQuote, RideDetails } from '@limo/contracts';
import { PAYMENT_METHOD, quotePrice } from './booking-contracts';
import type { RideForm } from './ride-form';

export type ContactForm = Required<ContactDetailsInput>;

export const emptyContact = (): ContactForm => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  smsUpdates: false,
  meetGreet: false,
  childSeats: false,
});

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
