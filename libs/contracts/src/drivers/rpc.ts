import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { noControlCharacters } from '../common/text-rule.js';
import { Driver, DriverLocation, DriverRegistration, RosterDriver, DriverRegistrationResult, DriverUpdate, DriverUpdateV1, RegisteredBy } from './http.js';
import { DriverSnapshot } from './events.js';
import { CurrentShift, DriverRevenueReport, DriverSession, LocationUpdate, PasswordResetResult } from './portal.js';

const DriverId = z.object({ driverId: z.number().int().positive() }).strict();

/** A username and password as typed: never a control character (common/text.ts). */
const Credentials = z
  .object({
    username: z.string().check(noControlCharacters('Username')).min(1).max(200),
    password: z.string().check(noControlCharacters('Password')).min(1).max(1024),
  })
  .strict();

export const AdminAccountCheck = Credentials;
export type AdminAccountCheck = z.infer<typeof AdminAccountCheck>;

const IdRequest = z.object({ id: z.number().int().positive() }).strict();

/** A photo as it crosses the bus: the resized JPEG (a few dozen kB, well under NATS's 1 MB), base64. */
const JpegBase64 = z
  .string()
  .max(1_000_000)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'A photo is base64 text');

/** A driver's stored photo and its version (its ETag), or null without one. */
export const DriverPhoto = z.object({ jpeg: JpegBase64, version: z.string() }).nullable();
export type DriverPhoto = z.infer<typeof DriverPhoto>;
const Page = z.object({ afterId: z.number().int().nonnegative().default(0), limit: z.number().int().min(1).max(1000).default(500) }).strict();

export const driversRpc = {
  list: defineRpc('drivers.drivers.list.v1', z.object({}).strict(), z.array(Driver)),
  locations: defineRpc('drivers.drivers.locations.v1', z.object({}).strict(), z.array(DriverLocation)),
  /** The active drivers, lean, for the dispatch board's rows. */
  roster: defineRpc('drivers.drivers.roster.v1', z.object({}).strict(), z.array(RosterDriver)),
  get: defineRpc('drivers.drivers.get.v1', IdRequest, Driver),
  register: defineRpc(
    'drivers.drivers.register.v1',
    z.object({ registration: DriverRegistration, registeredBy: RegisteredBy }).strict(),
    DriverRegistrationResult,
  ),
  /** v2: the car's plate and colour too. */
  update: defineRpc('drivers.drivers.update.v2', z.object({ id: z.number().int().positive(), changes: DriverUpdate }).strict(), Driver),
  updateV1: defineRpc('drivers.drivers.update.v1', z.object({ id: z.number().int().positive(), changes: DriverUpdateV1 }).strict(), Driver),
  toggleDuty: defineRpc('drivers.drivers.toggle-duty.v1', IdRequest, Driver),
  /** Stores the driver's photo, already resized to a square JPEG by the gateway (car.ts). */
  setPhoto: defineRpc('drivers.drivers.set-photo.v1', z.object({ id: z.number().int().positive(), jpeg: JpegBase64 }).strict(), Driver),
  removePhoto: defineRpc('drivers.drivers.remove-photo.v1', IdRequest, Driver),
  /** The photo's bytes, for the admin's pages and the customer's tracking page (through the gateway). */
  photo: defineRpc('drivers.drivers.photo.v1', IdRequest, DriverPhoto),
  /** The gateway paused self-registrations at their hourly limit: recorded for the admin (driverEvents.registrationsPaused). */
  registrationsPaused: defineRpc(
    'drivers.registrations.pause.v1',
    z.object({ perHour: z.number().int().positive(), until: z.iso.datetime({ offset: true }) }).strict(),
    z.object({}).strict(),
  ),
  /** Paged current state of every driver, for rebuilding projections. */
  snapshots: defineRpc(
    'drivers.drivers.snapshots.v1',
    Page,
    z.object({ items: z.array(DriverSnapshot), nextAfterId: z.number().int().nullable() }),
  ),
  /** Checks an admin's credentials against the stored slow hash. Never logged. */
  verifyAdmin: defineRpc('drivers.admins.verify.v1', AdminAccountCheck, z.object({ valid: z.boolean() })),
  /** Creates the configured first admin, or resets its password to the configured one. */
  ensureAdmin: defineRpc(
    'drivers.admins.ensure.v1',
    AdminAccountCheck,
    z.object({ outcome: z.enum(['created', 'updated', 'unchanged']) }),
  ),
  /**
   * Checks a driver's sign-in against the stored slow hash (never logged). `inactive`: right
   * password, account awaiting approval.
   */
  authenticate: defineRpc(
    'drivers.auth.authenticate.v1',
    Credentials,
    z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('ok'), session: DriverSession }),
      z.object({ outcome: z.literal('invalid') }),
      z.object({ outcome: z.literal('inactive') }),
    ]),
  ),
  /** The signed-in driver and whether the temporary password must still be changed. */
  session: defineRpc('drivers.auth.session.v1', DriverId, DriverSession),
  changePassword: defineRpc(
    'drivers.auth.change-password.v1',
    DriverId.extend({
      currentPassword: z.string().check(noControlCharacters('Current password')).min(1).max(1024),
      newPassword: z.string().check(noControlCharacters('New password')).min(6).max(128),
    }).strict(),
    DriverSession,
  ),
  /** A new temporary password, shown once; the driver must change it at the next sign-in. */
  resetPassword: defineRpc('drivers.auth.reset-password.v1', IdRequest, PasswordResetResult),
  recordLocation: defineRpc('drivers.drivers.record-location.v1', DriverId.extend(LocationUpdate.shape).strict(), Driver),
  currentShift: defineRpc('drivers.shifts.current.v1', DriverId, CurrentShift),
  revenue: defineRpc(
    'drivers.earnings.report.v1',
    DriverId.extend({
      kind: z.enum(['month', 'week']),
      month: z.number().int().min(1).max(12).optional(),
      year: z.number().int().min(2000).max(2100).optional(),
      week: z.number().int().min(1).max(6).optional(),
    }).strict(),
    DriverRevenueReport,
  ),
};
