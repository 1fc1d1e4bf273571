import type { BookingSnapshot } from '@limo/contracts';
import { pickupText } from './pickup-text.js';

/** One thing about the ride that changed, in the customer's words: what it was and what it is. */
export interface RideChange {
  label: string;
  before: string;
  after: string;
}

/** Vehicle names by id (from fleet); an id it does not know reads as 'vehicle N'. */
export type VehicleNames = ReadonlyMap<number, string>;

export const vehicleText = (id: number | null | undefined, names: VehicleNames) => (id == null ? 'Not chosen' : (names.get(id) ?? `vehicle ${id}`));

const tripTypeText = (booking: BookingSnapshot) => (booking.tripType === 'hourly' ? 'Hourly' : 'One way');
const dropoffText = (booking: BookingSnapshot) => (booking.tripType === 'hourly' ? 'None (hourly)' : (booking.dropoffLocation ?? ''));
const hoursText = (booking: BookingSnapshot) => (booking.tripType === 'hourly' ? `${booking.duration ?? 3} hours` : 'None (one way)');
const passengersText = (booking: BookingSnapshot) => (booking.passengers == null ? 'Not given' : String(booking.passengers));

/**
 * What a customer is told changed between two versions of their booking: time, places, trip
 * type, hours, vehicle and party size, and the total whenever it moved. Empty when nothing they
 * booked changed (notes, status, the driver).
 */
export function rideChanges(before: BookingSnapshot, after: BookingSnapshot, vehicles: VehicleNames): RideChange[] {
  const fields: [label: string, text: (b: BookingSnapshot) => string][] = [
    ['Trip type', tripTypeText],
    ['Pickup', pickupText],
    ['From', (b) => b.pickupLocation],
    ['To', dropoffText],
    ['Duration', hoursText],
    ['Vehicle', (b) => vehicleText(b.vehicleId, vehicles)],
    ['Passengers', passengersText],
  ];
  const changes = fields
    .map(([label, text]) => ({ label, before: text(before), after: text(after) }))
    .filter((change) => change.before !== change.after);
  // The total alone may change too: a round trip's return re-priced once its outbound is cancelled.
  if (before.totalAmount !== after.totalAmount) {
    changes.push({ label: 'Total', before: `$${before.totalAmount}`, after: `$${after.totalAmount}` });
  }
  return changes;
}
