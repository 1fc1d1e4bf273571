import type { TripType } from '@limo/contracts';

/*
 * The ride fields' values: the home page's quick card needs only this module (it is on every
 * visitor's first page); reading the values as a contract body is ride-input.ts, and the
 * wizard's starting ride is wizard-ride.ts.
 */

/** What the ride fields hold while being edited (strings as typed, blanks allowed). */
export interface RideForm {
  tripType: TripType;
  pickupDate: string;
  pickupTime: string;
  pickupLocation: string;
  dropoffLocation: string;
  duration: number;
  specialRequests: string;
  waypoints: string[];
  passengers: number;
  /** Suitcases (0 unless the customer says). */
  luggage: number;
  /** The chosen vehicle (vehicle 1 until the party outgrows it or the customer picks another). */
  vehicleId: number;
  /** Roundtrip Relax: the return is booked too (one-way rides only). */
  returnTrip: boolean;
  returnDate: string;
  returnTime: string;
  /** Where the return starts; blank: the outbound drop-off. */
  returnPickup: string;
  /** The ride's flight (airport rides), as typed; sent only while the ride touches an airport. */
  flightNumber: string;
  /** The return's flight, likewise. */
  returnFlightNumber: string;
}

export const emptyRide = (tripType: TripType = 'one-way', duration = 3): RideForm => ({
  tripType,
  pickupDate: '',
  pickupTime: '',
  pickupLocation: '',
  dropoffLocation: '',
  duration,
  specialRequests: '',
  waypoints: [],
  passengers: 1,
  luggage: 0,
  vehicleId: 1,
  returnTrip: false,
  returnDate: '',
  returnTime: '',
  returnPickup: '',
  flightNumber: '',
  returnFlightNumber: '',
});
