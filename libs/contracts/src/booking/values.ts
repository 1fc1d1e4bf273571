import { z } from 'zod';

/** The five booking statuses of spec section 4 (badge colours yellow, blue, orange, green, red). */
export const BookingStatus = z.enum(['pending', 'confirmed', 'in-progress', 'completed', 'cancelled']);
export type BookingStatus = z.infer<typeof BookingStatus>;

export const TripType = z.enum(['one-way', 'hourly']);
export type TripType = z.infer<typeof TripType>;
