import type { QuickRideDetails, ReturnTrip, RideDetailsInput, RoundTripRideDetailsInput } from '@limo/contracts';
import { rideTouchesAirport } from '@limo/contracts/booking/flight-rules';
import type { RideForm } from './ride-form';

/** The ride as the contract schema reads it: fields that do not apply to the trip type left out. */
export function rideInput(form: RideForm): RideDetailsInput {
  const input: RideDetailsInput = {
    tripType: form.tripType,
    pickupDate: form.pickupDate,
    pickupTime: form.pickupTime,
    pickupLocation: form.pickupLocation,
    waypoints: form.waypoints.filter((stop) => stop.trim() !== ''),
    passengers: form.passengers,
    luggage: form.luggage,
    vehicleId: form.vehicleId,
  };
  if (form.tripType === 'one-way') input.dropoffLocation = form.dropoffLocation;
  else input.duration = form.duration;
  if (form.specialRequests.trim() !== '') input.specialRequests = form.specialRequests;
  // A flight typed for an airport the customer then changed is not sent (its field is hidden too).
  if (form.flightNumber.trim() !== '' && rideTouchesAirport(form)) input.flightNumber = form.flightNumber;
  return input;
}

/** The wizard's ride: the ride, and its return when the customer books one (a one-way ride). */
export function wizardRideInput(form: RideForm): RoundTripRideDetailsInput {
  const ride = rideInput(form);
  return form.tripType === 'one-way' && form.returnTrip ? { ...ride, returnTrip: returnTripInput(form) } : ride;
}

/** The return leg as priced; a blank pickup is left out (the server uses the outbound drop-off). */
export function returnLegInput(form: RideForm): Omit<ReturnTrip, 'flightNumber'> {
  const pickup = form.returnPickup.trim();
  return { pickupDate: form.returnDate, pickupTime: form.returnTime, ...(pickup ? { pickupLocation: pickup } : {}) };
}

/** The return leg as booked: with its flight while it starts or ends at an airport. */
function returnTripInput(form: RideForm): ReturnTrip {
  const flight = form.returnFlightNumber.trim() !== '' && returnTouchesAirport(form) ? { flightNumber: form.returnFlightNumber } : {};
  return { ...returnLegInput(form), ...flight };
}

/** The return leg (from its pickup, the outbound drop-off when blank, back to the outbound pickup) starts or ends at an airport. */
export const returnTouchesAirport = (form: RideForm) =>
  rideTouchesAirport({ tripType: 'one-way', pickupLocation: form.returnPickup.trim() || form.dropoffLocation, dropoffLocation: form.pickupLocation });

/** The quick card's fields as the contract schema reads them. */
export function quickRideInput(form: RideForm): QuickRideDetails {
  const { tripType, pickupDate, pickupTime, pickupLocation, passengers } = form;
  return form.tripType === 'one-way'
    ? { tripType, pickupDate, pickupTime, pickupLocation, passengers, dropoffLocation: form.dropoffLocation }
    : { tripType, pickupDate, pickupTime, pickupLocation, passengers, duration: form.duration };
}
