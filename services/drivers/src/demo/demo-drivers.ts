import type { DriverRegistration } from '@limo/contracts';
import type { DemoDriverExtras } from '../drivers/register-driver/register-driver.use-case.js';

export interface DemoDriver {
  registration: DriverRegistration;
  extras: DemoDriverExtras;
  /** Minutes before start-up of the last location update; undefined = no location shared. */
  locationAgeMinutes?: number;
}

/**
 * Demo chauffeurs around Los Angeles, some on duty, with location updates of every freshness
 * (live, recent, stale) and one without a location. Their temporary passwords are random and
 * never printed: they are for looking at, not logging in.
 */
export const DEMO_DRIVERS: DemoDriver[] = [
  {
    registration: { firstName: 'Marcus', lastName: 'Whitfield', email: 'marcus.whitfield@demo.prestigelimo.example', phone: '3105550142', licenseNumber: 'D4829173', address: '1200 Ocean Ave, Santa Monica, CA 90401' },
    extras: { isOnDuty: true, currentLatitude: '33.94158900', currentLongitude: '-118.40853000', locationPermissionGranted: true, rating: '4.92', totalRides: 318, vehiclePlate: '8LMO142', vehicleColour: 'Black' },
    locationAgeMinutes: 2,
  },
  {
    registration: { firstName: 'Elena', lastName: 'Vasquez', email: 'elena.vasquez@demo.prestigelimo.example', phone: '2135550187', licenseNumber: 'D7715320', address: '455 S Grand Ave, Los Angeles, CA 90071' },
    extras: { isOnDuty: true, currentLatitude: '34.05223400', currentLongitude: '-118.24368500', locationPermissionGranted: true, rating: '4.97', totalRides: 204, vehiclePlate: '9PRS187', vehicleColour: 'Silver' },
    locationAgeMinutes: 12,
  },
  {
    registration: { firstName: 'David', lastName: 'Kim', email: 'david.kim@demo.prestigelimo.example', phone: '7145550123', licenseNumber: 'D3390458', address: '2100 Main St, Irvine, CA 92614' },
    extras: { isOnDuty: false, currentLatitude: '33.67569400', currentLongitude: '-117.86778900', locationPermissionGranted: true, rating: '4.85', totalRides: 96, vehiclePlate: '7KIM123', vehicleColour: 'Black' },
    locationAgeMinutes: 135,
  },
  {
    registration: { firstName: 'Grace', lastName: 'Thompson', email: 'grace.thompson@demo.prestigelimo.example', phone: '8185550166', licenseNumber: 'D5062817', address: '3900 W Olive Ave, Burbank, CA 91505' },
    extras: { isOnDuty: false, locationPermissionGranted: false, rating: '5.00', totalRides: 41, vehiclePlate: 'LIMO 41', vehicleColour: 'White' },
  },
];
