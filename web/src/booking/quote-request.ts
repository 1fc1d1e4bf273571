import type { QuoteQueryInput } from '@limo/contracts';
import type { ContactForm } from './booking-draft';
import type { RideForm } from './ride-form';
import { returnLegInput } from './ride-input';

/**
 * What `POST /api/quotes` is asked for the ride as typed so far, or null while the ride cannot be
 * priced yet (no date, time, pickup, or drop-off for a one-way ride). A return is asked for once
 * its date and time are chosen; the email once typed (a signed-in customer's free ride and credit
 * go on bookings with their account's email only).
 */
export function quoteRequestOf(ride: RideForm, contact: Pick<ContactForm, 'meetGreet' | 'childSeats' | 'email'>, companyId?: number): QuoteQueryInput | null {
  const filled = (value: string) => value.trim() !== '';
  if (!filled(ride.pickupDate) || !filled(ride.pickupTime) || !filled(ride.pickupLocation)) return null;
  if (ride.tripType === 'one-way' && !filled(ride.dropoffLocation)) return null;
  const request: QuoteQueryInput = {
    tripType: ride.tripType,
    pickupDate: ride.pickupDate,
    pickupTime: ride.pickupTime,
    pickupLocation: ride.pickupLocation,
    passengers: ride.passengers,
    vehicleId: ride.vehicleId,
    meetGreet: contact.meetGreet,
    childSeats: contact.childSeats,
    ...(contact.email.trim() ? { email: contact.email.trim() } : {}),
    // A booker's ride for their company: on the month's transfers, or billed to it.
    ...(companyId ? { companyId } : {}),
  };
  if (ride.tripType === 'hourly') return { ...request, duration: ride.duration };
  const withReturn = ride.returnTrip && filled(ride.returnDate) && filled(ride.returnTime);
  return { ...request, dropoffLocation: ride.dropoffLocation, ...(withReturn ? { returnTrip: returnLegInput(ride) } : {}) };
}

/** Whether the customer asked for a return that the quote does not price yet (its date or time missing). */
export const returnPending = (ride: RideForm) => ride.tripType === 'one-way' && ride.returnTrip && (ride.returnDate === '' || ride.returnTime === '');
