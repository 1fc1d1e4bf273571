import type { ContactDetails, ContactDetailsInput, PriceQuote, RoundTripRideDetails, TripRequestInput } from '@limo/contracts';
import { PAYMENT_METHOD } from '@limo/contracts/booking/payment';

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

/**
 * The spec's wizard payload: dropoffLocation '' when there is none, duration the hours for an
 * hourly ride and 1 otherwise, paymentMethod 'phone-card', plus the passengers, their luggage and
 * the chosen vehicle, and the server's quote's price strings and offer as shown (the server prices the ride
 * again and stores its own figures); a round trip adds its return (`POST /api/trips`).
 */
export function toBookingPayload(ride: RoundTripRideDetails, contact: ContactDetails, quote: PriceQuote): TripRequestInput {
  return {
    tripType: ride.tripType,
    pickupDate: ride.pickupDate,
    pickupTime: ride.pickupTime,
    pickupLocation: ride.pickupLocation,
    dropoffLocation: ride.tripType === 'one-way' ? (ride.dropoffLocation ?? '') : '',
    duration: ride.tripType === 'hourly' ? (ride.duration ?? 3) : 1,
    specialRequests: ride.specialRequests ?? '',
    waypoints: ride.waypoints,
    passengers: ride.passengers,
    luggage: ride.luggage ?? 0,
    vehicleId: ride.vehicleId ?? 1,
    ...(ride.flightNumber ? { flightNumber: ride.flightNumber } : {}),
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    paymentMethod: PAYMENT_METHOD,
    smsUpdates: contact.smsUpdates,
    meetGreet: contact.meetGreet,
    childSeats: contact.childSeats,
    ...(quote.offer ? { offer: quote.offer.code } : {}),
    baseRate: quote.base,
    serviceFee: quote.serviceFee,
    gratuity: quote.gratuity,
    totalAmount: quote.total,
    ...(ride.returnTrip ? { returnTrip: ride.returnTrip } : {}),
  };
}
