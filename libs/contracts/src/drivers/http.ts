import { z } from 'zod';
import { Money } from '../common/money.js';
import { hasVisibleCharacters, phoneNumber } from '../common/field-rules.js';
import { noControlCharacters } from '../common/text-rule.js';
import { ColourChange, PlateChange, VehicleColour } from './car.js';

const Iso = z.iso.datetime({ offset: true });

/**
 * A driver as the admin sees it (GET /api/drivers): every field of the spec's Driver entity
 * except the password, whose hash never leaves the drivers service. Coordinates are strings
 * (spec: "strings in the admin view"), decimal(10,8) / decimal(11,8); rating is decimal(3,2).
 */
export const Driver = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  licenseNumber: z.string(),
  address: z.string(),
  /** false while a self-registered driver awaits an admin's approval. */
  isActive: z.boolean(),
  isOnDuty: z.boolean(),
  /** Start of the open shift while on duty, else null. */
  currentShiftStart: Iso.nullable(),
  totalEarnings: Money,
  /** "5.00" by default; two decimals. */
  rating: z.string(),
  totalRides: z.number().int().nonnegative(),
  currentLatitude: z.string().nullable(),
  currentLongitude: z.string().nullable(),
  lastLocationUpdate: Iso.nullable(),
  locationPermissionGranted: z.boolean(),
  createdAt: Iso,
  updatedAt: Iso,
  /** The plate of the car the driver drives (car.ts); null until an admin sets it. Optional: added after v1. */
  vehiclePlate: z.string().nullable().optional(),
  vehicleColour: VehicleColour.nullable().optional(),
  /** Changes with every new photo (GET /api/drivers/:id/photo's ETag); null without one. */
  photoVersion: z.string().nullable().optional(),
});
export type Driver = z.infer<typeof Driver>;

/**
 * One entry of GET /api/drivers/locations: the drivers that have coordinates, with the fields the
 * dashboard's Driver Locations panel shows. Freshness is the page's business (spec section 4).
 */
export const DriverLocation = Driver.pick({
  id: true,
  firstName: true,
  lastName: true,
  username: true,
  isActive: true,
  isOnDuty: true,
  currentLatitude: true,
  currentLongitude: true,
  lastLocationUpdate: true,
  locationPermissionGranted: true,
});
export type DriverLocation = z.infer<typeof DriverLocation>;

/** The dispatch board's rows: an active driver's name, duty and last position, nothing more (200 of them each time a board is read). */
export const RosterDriver = Driver.pick({
  id: true,
  firstName: true,
  lastName: true,
  isOnDuty: true,
  currentLatitude: true,
  currentLongitude: true,
  lastLocationUpdate: true,
});
export type RosterDriver = z.infer<typeof RosterDriver>;

const required = (message: string, label: string, max = 120) =>
  z
    .string()
    .trim()
    .check(noControlCharacters(label))
    .min(1, message)
    // An empty value has min(1)'s message only.
    .refine((value) => value.length === 0 || hasVisibleCharacters(value), message)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * POST /api/register-driver body, shared by both registration forms (spec sections 3 and 5,
 * messages as written there). Unknown fields are refused.
 */
export const DriverRegistration = z
  .object({
    firstName: required('First name is required', 'First name', 60),
    lastName: required('Last name is required', 'Last name', 60),
    email: z.string().trim().check(noControlCharacters('Email')).max(254, 'Email must be at most 254 characters').pipe(z.email('Valid email is required')),
    phone: phoneNumber('Valid phone number is required', 30),
    licenseNumber: required('License number is required', 'License number', 40),
    address: required('Address is required', 'Address', 200),
  })
  .strict();
export type DriverRegistration = z.infer<typeof DriverRegistration>;

/**
 * The registration result: the spec's fields (username, firstName, lastName, email, phone,
 * licenseNumber, address) plus the random temporary password, shown once and stored only
 * hashed (decisions.md), and whether the driver is active (admin-registered) or awaits approval
 * (self-registered).
 */
export const DriverRegistrationResult = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  licenseNumber: z.string(),
  address: z.string(),
  temporaryPassword: z.string(),
  isActive: z.boolean(),
});
export type DriverRegistrationResult = z.infer<typeof DriverRegistrationResult>;

/**
 * PATCH /api/admin/drivers/:id body: the admin's Edit dialog (name, email, phone, licence,
 * address, the car's plate and colour: empty or null clears them) and approval (isActive). At
 * least one field.
 */
export const DriverUpdate = DriverRegistration.partial()
  .extend({ isActive: z.boolean().optional(), vehiclePlate: PlateChange.optional(), vehicleColour: ColourChange.optional() })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type DriverUpdate = z.infer<typeof DriverUpdate>;

/** DriverUpdate before the car's plate and colour (drivers.drivers.update.v1). */
export const DriverUpdateV1 = DriverRegistration.partial()
  .extend({ isActive: z.boolean().optional() })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });

/** Who registers: an admin (driver active at once) or the driver (inactive until approved). */
export const RegisteredBy = z.enum(['admin', 'self']);
export type RegisteredBy = z.infer<typeof RegisteredBy>;

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
