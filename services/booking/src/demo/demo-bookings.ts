import { addDays, BookingRequest, type BookingStatus } from '@limo/contracts';

export interface DemoBooking {
  /** Fixed per booking: replicas seeding at once replay instead of adding twice. */
  key: string;
  request: BookingRequest;
  /** Where an admin has taken it since; the seeder applies it through the normal edit. */
  status: BookingStatus;
  adminNotes?: string;
  /**
   * The demo driver (by email: ids are the drivers service's) a confirmed, under-way or completed
   * ride has: offered, accepted, then moved on by the admin, so it carries its driver and, once
   * completed, their earnings. The drivers service seeds these drivers (its demo/demo-drivers.ts), on duty.
   */
  driverEmail?: string;
}

/** Demo drivers of the drivers service's demo data, on duty so they may be offered rides. */
const DRIVERS = {
  marcus: 'marcus.whitfield@demo.prestigelimo.example',
  elena: 'elena.vasquez@demo.prestigelimo.example',
};

const PLACES = {
  lax: 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045',
  bur: 'Hollywood Burbank Airport (BUR), 2627 N Hollywood Way, Burbank, CA 91505',
  lgb: 'Long Beach Airport (LGB), 4100 Donald Douglas Dr, Long Beach, CA 90808',
  bevHills: 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210',
  dtla: 'Downtown Los Angeles, Los Angeles, CA',
  santaMonica: 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401',
  newport: 'Fashion Island, 401 Newport Center Dr, Newport Beach, CA 92660',
  disney: 'Disneyland Resort, 1313 Disneyland Dr, Anaheim, CA 92802',
  hollywood: 'Hollywood Bowl, 2301 N Highland Ave, Los Angeles, CA 90068',
  malibu: 'Malibu Pier, 23000 Pacific Coast Hwy, Malibu, CA 90265',
};

type Ride = { tripType: 'one-way'; from: string; to: string } | { tripType: 'hourly'; from: string; hours: number };

const rows: [first: string, last: string, dayOffset: number, time: string, ride: Ride, extras: string, status: BookingStatus, notes?: string, flight?: string, driver?: string][] = [
  ['Olivia', 'Bennett', 1, '07:30', { tripType: 'one-way', from: PLACES.lax, to: PLACES.bevHills }, 'meet', 'pending', undefined, 'AA 100'],
  ['Marcus', 'Reed', 1, '16:00', { tripType: 'one-way', from: PLACES.dtla, to: PLACES.lax }, '', 'pending'],
  ['Sofia', 'Alvarez', 2, '19:00', { tripType: 'hourly', from: PLACES.santaMonica, hours: 4 }, '', 'pending'],
  ['James', 'Whitaker', 3, '09:00', { tripType: 'one-way', from: PLACES.bur, to: PLACES.hollywood }, 'seats', 'pending'],
  ['Emily', 'Chen', 2, '11:30', { tripType: 'one-way', from: PLACES.lgb, to: PLACES.newport }, 'meet', 'confirmed', 'Sign at baggage claim 4', 'UA 1542', DRIVERS.marcus],
  ['Daniel', 'Okafor', 4, '18:30', { tripType: 'hourly', from: PLACES.bevHills, hours: 6 }, '', 'confirmed', 'Anniversary dinner, champagne on ice', undefined, DRIVERS.elena],
  ['Grace', 'Kim', 1, '10:00', { tripType: 'one-way', from: PLACES.disney, to: PLACES.lax }, 'seats', 'in-progress', undefined, undefined, DRIVERS.elena],
  ['Noah', 'Patel', 0, '06:00', { tripType: 'one-way', from: PLACES.lax, to: PLACES.dtla }, '', 'completed', 'Paid by card over the phone', undefined, DRIVERS.marcus],
  ['Ava', 'Morales', 0, '13:00', { tripType: 'hourly', from: PLACES.malibu, hours: 3 }, 'meet', 'completed', 'Paid via payment app', undefined, DRIVERS.marcus],
  ['Liam', 'Foster', 5, '15:00', { tripType: 'one-way', from: PLACES.santaMonica, to: PLACES.lax }, '', 'cancelled', 'Customer changed travel plans'],
];

/** A small, varied set of demo bookings: the completed rides today, the others in the coming days (Los Angeles). */
export function demoBookings(today: string): DemoBooking[] {
  return rows.map(([firstName, lastName, dayOffset, pickupTime, ride, extras, status, adminNotes, flightNumber, driverEmail], index) => ({
    key: `demo-booking-${index + 1}`,
    status,
    adminNotes,
    driverEmail,
    request: BookingRequest.parse({
      tripType: ride.tripType,
      pickupDate: addDays(today, dayOffset),
      pickupTime,
      pickupLocation: ride.from,
      dropoffLocation: ride.tripType === 'one-way' ? ride.to : '',
      duration: ride.tripType === 'hourly' ? ride.hours : 1,
      specialRequests: '',
      flightNumber,
      vehicleId: 1,
      passengers: 1 + (index % 3),
      firstName,
      lastName,
      email: `${firstName}.${lastName}@example.com`.toLowerCase(),
      phone: `(310) 555-01${String(10 + index).padStart(2, '0')}`,
      paymentMethod: 'phone-card',
      smsUpdates: index % 2 === 0,
      meetGreet: extras === 'meet',
      childSeats: extras === 'seats',
      // Ignored by the service, which prices every booking itself.
      baseRate: '0.00',
      serviceFee: '0.00',
      gratuity: '0.00',
      totalAmount: '0.00',
    }),
  }));
}
