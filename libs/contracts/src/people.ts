import { z } from 'zod';
import { Money } from './money.js';

const Iso = z.iso.datetime({ offset: true });
/** decimal(10,8) latitude and decimal(11,8) longitude, carried as exact strings. */
const Latitude = z.string().regex(/^-?\d{1,2}(\.\d{1,8})?$/);
const Longitude = z.string().regex(/^-?\d{1,3}(\.\d{1,8})?$/);

/**
 * The spec's Customer entity. Booking needs no account: a booking carries the contact fields
 * itself, and this shape is what a customer record holds where one is kept.
 */
export const Customer = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.email(),
  phone: z.string().min(10),
  currentLatitude: Latitude.nullable(),
  currentLongitude: Longitude.nullable(),
  lastLocationUpdate: Iso.nullable(),
  locationPermissionGranted: z.boolean().default(false),
  createdAt: Iso,
});
export type Customer = z.infer<typeof Customer>;

/** A driver's shift: opened when the driver goes on duty, closed when they go off duty. */
export const Shift = z.object({
  id: z.number().int().positive(),
  driverId: z.number().int().positive(),
  startTime: Iso,
  endTime: Iso.nullable(),
  totalEarnings: Money.default('0.00'),
  totalRides: z.number().int().nonnegative().default(0),
  createdAt: Iso,
});
export type Shift = z.infer<typeof Shift>;
