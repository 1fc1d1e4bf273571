import type { CustomerChangeRequest } from '@limo/contracts';

/** The fields that move the ride in time or space, or change the car: what a dispatcher has planned around. */
const PLANNED_FIELDS = ['pickupDate', 'pickupTime', 'pickupLocation', 'dropoffLocation', 'vehicleId'] as const;
const TIME_AND_PLACE_FIELDS = ['pickupDate', 'pickupTime', 'pickupLocation', 'dropoffLocation'] as const;

export type CustomerChangeRefusal = 'chauffeur-assigned' | 'round-trip-leg' | null;

type ChangedRow = { driverId: number | null; tripLeg: string | null; pickupDate: Date; pickupTime: string; pickupLocation: string; dropoffLocation: string | null; vehicleId: number | null };

/**
 * What a customer may not change online, for the operator's sake:
 * - a ride a chauffeur is assigned to (offered or accepted) keeps its time, places and vehicle:
 *   the chauffeur planned their day around them, so the office re-plans it by phone; passengers
 *   and luggage still change (the vehicle must take them, as on any change);
 * - a round trip's leg keeps its time and places: the legs are timed together (the return after
 *   the outbound ends, within 30 days) and priced as a pair; passengers, luggage and vehicle change.
 * A field sent with the value it already has is no change.
 */
export function customerChangeProblem(row: ChangedRow, changes: CustomerChangeRequest): CustomerChangeRefusal {
  const changed = (field: (typeof PLANNED_FIELDS)[number]) => changes[field] !== undefined && changes[field] !== current(row, field);
  if (row.driverId !== null && PLANNED_FIELDS.some(changed)) return 'chauffeur-assigned';
  if (row.tripLeg !== null && TIME_AND_PLACE_FIELDS.some(changed)) return 'round-trip-leg';
  return null;
}

function current(row: ChangedRow, field: (typeof PLANNED_FIELDS)[number]) {
  if (field === 'pickupDate') return row.pickupDate.toISOString().slice(0, 10);
  if (field === 'dropoffLocation') return row.dropoffLocation ?? '';
  return row[field];
}
