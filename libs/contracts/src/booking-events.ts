import { z } from 'zod';
import { Money } from './money.js';
import { defineEvent } from './messages.js';
import { PriceQuote } from './pricing.js';

export const BookingStatus = z.enum(['pending', 'confirmed', 'in-progress', 'completed', 'cancelled']);
export type BookingStatus = z.infer<typeof BookingStatus>;

export const TripType = z.enum(['one-way', 'hourly']);
export type TripType = z.infer<typeof TripType>;

/**
 * What every booking event carries: the booking's state after the change, enough for the
 * reporting projections. `version` grows by one with every change of the booking, so a
 * consumer can ignore an event older than what it already applied.
 */
export const BookingSnapshot = z.object({
  id: z.number().int().positive(),
  reference: z.string(),
  version: z.number().int().positive(),
  tripType: TripType,
  status: BookingStatus,
  pickupDate: z.string(), // YYYY-MM-DD, Los Angeles
  pickupTime: z.string(), // HH:MM
  pickupLocation: z.string(),
  dropoffLocation: z.string().nullable(),
  duration: z.number().int().nullable(),
  vehicleId: z.number().int().nullable(),
  driverId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  totalAmount: Money,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Set while the status is `completed`; revenue counts on its Los Angeles day. */
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Optional addition: the itemised quote locked to the booking (base, add-ons, fee, gratuity). */
  price: PriceQuote.optional(),
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
