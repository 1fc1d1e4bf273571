import { z } from 'zod';
import { defineEvent } from '../common/messages.js';
import { Booking } from './http.js';
import { BookingStatus } from './values.js';

/**
 * What every booking event carries: the booking's state after the change, enough for the
 * reporting projections. `version` grows by one with every change of the booking, so a
 * consumer can ignore an event older than what it already applied. Taken from `Booking` itself,
 * so the two cannot drift apart.
 */
export const BookingSnapshot = Booking.pick({
  id: true,
  reference: true,
  version: true,
  tripType: true,
  status: true,
  pickupDate: true,
  pickupTime: true,
  pickupLocation: true,
  dropoffLocation: true,
  duration: true,
  vehicleId: true,
  driverId: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  totalAmount: true,
  createdAt: true,
  updatedAt: true,
  /** Set while the status is `completed`; revenue counts on its Los Angeles day. */
  completedAt: true,
}).extend({
  /** Optional addition: the itemised quote locked to the booking (base, add-ons, fee, gratuity). */
  price: Booking.shape.price.optional(),
});
export type BookingSnapshot = z.infer<typeof BookingSnapshot>;

export const BookingStatusChange = z.object({
  booking: BookingSnapshot,
  previousStatus: BookingStatus,
  status: BookingStatus,
});

export const bookingEvents = {
  created: defineEvent('booking.booking.created.v1', z.object({ booking: BookingSnapshot })),
  /** Any change that is not a status change (notes, driver, details). */
  updated: defineEvent('booking.booking.updated.v1', z.object({ booking: BookingSnapshot })),
  statusChanged: defineEvent('booking.booking.status-changed.v1', BookingStatusChange),
};
