import { DRIVER_STATUSES, SKIPPABLE_DRIVER_STATUSES, type DriverRide, type DriverStatus } from '@limo/contracts/booking/dispatch';

export { DRIVER_STATUS_LABELS } from '../../lib/ride-status-labels';

/** The button for each status: what the driver does. */
export const DRIVER_STATUS_ACTIONS: Record<DriverStatus, string> = {
  'en-route': 'Start: En Route',
  arrived: 'Arrived at Pickup',
  'picked-up': 'Passenger Picked Up',
  halfway: 'Halfway There',
  'two-miles': 'Two Miles Away',
  'dropped-off': 'Passenger Dropped Off',
  completed: 'Complete Ride',
};

/**
 * The statuses a driver can report next: the skippable ones (arrived, halfway, two-miles) up to
 * and including the next one that cannot be skipped. Only a confirmed or in-progress ride moves;
 * a completed one has none left.
 */
export function nextStatusChoices(ride: Pick<DriverRide, 'status' | 'driverStatus'>): DriverStatus[] {
  if (ride.status !== 'confirmed' && ride.status !== 'in-progress') return [];
  const from = ride.driverStatus ? DRIVER_STATUSES.indexOf(ride.driverStatus) + 1 : 0;
  const choices: DriverStatus[] = [];
  for (const status of DRIVER_STATUSES.slice(from)) {
    choices.push(status);
    if (!SKIPPABLE_DRIVER_STATUSES.includes(status)) break;
  }
  return choices;
}

/** A ride given to the driver that waits for their accept or decline. */
export const awaitsAnswer = (ride: Pick<DriverRide, 'status' | 'driverResponse'>) => ride.status === 'pending' && ride.driverResponse === 'pending';

/** A confirmed ride whose start window has not opened: the driver cannot set off yet (the server refuses it too). */
export const waitsForStartWindow = (ride: Pick<DriverRide, 'status' | 'driverStatus' | 'startableFrom'>, now: Date): ride is DriverRide & { startableFrom: string } =>
  ride.status === 'confirmed' && ride.driverStatus === null && ride.startableFrom !== undefined && now.getTime() < Date.parse(ride.startableFrom);

/** Where the driver is heading next: the pickup until the passenger is on board, then the drop-off (none for an hourly ride's). */
export function nextDestination(ride: Pick<DriverRide, 'driverStatus' | 'pickupLocation' | 'dropoffLocation' | 'tripType'>): { label: 'pickup' | 'drop-off'; address: string } | null {
  const onBoard = ride.driverStatus !== null && DRIVER_STATUSES.indexOf(ride.driverStatus) >= DRIVER_STATUSES.indexOf('picked-up');
  if (!onBoard) return { label: 'pickup', address: ride.pickupLocation };
  if (ride.driverStatus === 'completed' || ride.driverStatus === 'dropped-off' || ride.tripType === 'hourly' || !ride.dropoffLocation) return null;
  return { label: 'drop-off', address: ride.dropoffLocation };
}

/**
 * Directions to an address in the phone's maps app: Google's cross-platform maps URL opens the
 * Google Maps app where installed (Android, iOS) and the web map elsewhere, with no key.
 */
export const directionsUrl = (address: string) => `https://www.google.com/maps/dir/?api=1&travelmode=driving&destination=${encodeURIComponent(address)}`;
