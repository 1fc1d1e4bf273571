import type { BookingRequestInput, ContactDetails, ContactDetailsInput, PriceQuote, RideDetails, Vehicle } from '@limo/contracts';
import { ratesFor } from './contracts-lite';
import { baseCents, fromCents, PAYMENT_METHOD, quotePrice, vehicleFareCents } from './pricing-lite';
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

type PricedRide = Pick<RideForm, 'tripType' | 'duration' | 'pickupDate' | 'pickupTime' | 'pickupLocation' | 'dropoffLocation' | 'passengers' | 'vehicleId'>;

/**
 * The wizard's estimate, from the pricing module the server uses: the chosen vehicle's fare and,
 * once the date, time and pickup are known, the best offer (booked now). The server prices the
 * booking again and its figure is the one stored.
 */
export function estimate(ride: PricedRide, contact: Pick<ContactForm, 'meetGreet' | 'childSeats'>, vehicles: Vehicle[] = [], now = new Date()): PriceQuote {
  const known = ride.pickupDate !== '' && ride.pickupTime !== '' && ride.pickupLocation.trim() !== '';
  return quotePrice({
    tripType: ride.tripType,
    duration: ride.duration,
    meetGreet: contact.meetGreet,
    childSeats: contact.childSeats,
    rates: ratesFor(vehicles, ride.vehicleId),
    offerFacts: known
      ? {
          tripType: ride.tripType,
          pickupDate: ride.pickupDate,
          pickupTime: ride.pickupTime,
          pickupLocation: ride.pickupLocation,
          dropoffLocation: ride.dropoffLocation,
          passengers: ride.passengers,
          bookedAt: now,
        }
      : undefined,
  });
}

/** What each vehicle adds to vehicle 1's fare for this ride (before any offer). */
export function fareDifferences(ride: Pick<RideForm, 'tripType' | 'duration'>, vehicles: Vehicle[]): Map<number, string> {
  const fare = baseCents(ride.tripType, ride.duration);
  return new Map(vehicles.map((v) => [v.id, fromCents(vehicleFareCents(fare, ratesFor(vehicles, v.id)) - fare)]));
}

/**
 * The spec's wizard payload: dropoffLocation '' when there is none, duration the hours for an
 * hourly ride and 1 otherwise, paymentMethod 'phone-card', plus the passengers and the chosen
 * vehicle, and the estimate's price strings and offer (the server prices the ride again and
 * stores its own figures).
 */
export function toBookingPayload(ride: RideDetails, contact: ContactDetails, quote: PriceQuote): BookingRequestInput {
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
    vehicleId: ride.vehicleId ?? 1,
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
  };
}
