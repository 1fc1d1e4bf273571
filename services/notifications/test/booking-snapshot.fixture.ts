import type { BookingSnapshot } from '@limo/contracts';

/** A booking as its events carry it, for the message tests. */
export const aBooking: BookingSnapshot = {
  id: 7,
  reference: 'LX-7ABCD',
  version: 1,
  tripType: 'one-way',
  status: 'pending',
  pickupDate: '2026-03-10',
  pickupTime: '21:00',
  pickupAt: '2026-03-11T04:00:00.000Z',
  pickupLocation: 'LAX - Los Angeles International Airport',
  dropoffLocation: 'Santa Monica Pier',
  duration: null,
  vehicleId: 2,
  driverId: null,
  firstName: 'Riley',
  lastName: 'Rider',
  email: 'riley@example.com',
  phone: '3105559876',
  totalAmount: '300.00',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  completedAt: null,
};
