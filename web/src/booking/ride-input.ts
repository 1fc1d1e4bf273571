import type { QuickRideDetails, RideDetailsInput } from '@limo/contracts';
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
    vehicleId: form.vehicleId,
  };
  if (form.tripType === 'one-way') input.dropoffLocation = form.dropoffLocation;
  else input.duration = form.duration;
  if (form.specialRequests.trim() !== '') input.specialRequests = form.specialRequests;
  return input;
}

/** The quick card's fields as the contract schema reads them. */
export function quickRideInput(form: RideForm): QuickRideDetails {
  const { tripType, pickupDate, pickupTime, pickupLocation, passengers } = form;
  return form.tripType === 'one-way'
    ? { tripType, pickupDate, pickupTime, pickupLocation, passengers, dropoffLocation: form.dropoffLocation }
    : { tripType, pickupDate, pickupTime, pickupLocation, passengers, duration: form.duration };
}
