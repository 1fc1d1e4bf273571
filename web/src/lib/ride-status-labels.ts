import type { DriverStatus } from '@limo/contracts/booking/dispatch';

/** A ride's progress in words, as the driver reports it and the admin's timeline shows it. */
export const DRIVER_STATUS_LABELS: Record<DriverStatus, string> = {
  'en-route': 'En Route to Pickup',
  arrived: 'Arrived at Pickup',
  'picked-up': 'Passenger Picked Up',
  halfway: 'Halfway There',
  'two-miles': 'Two Miles Away',
  'dropped-off': 'Passenger Dropped Off',
  completed: 'Ride Completed',
};
