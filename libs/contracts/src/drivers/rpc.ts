import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { Driver, DriverLocation, DriverRegistration, DriverRegistrationResult, DriverUpdate, RegisteredBy } from './http.js';
import { DriverSnapshot } from './events.js';

export const AdminAccountCheck = z.object({ username: z.string().min(1).max(200), password: z.string().min(1).max(1024) }).strict();
export type AdminAccountCheck = z.infer<typeof AdminAccountCheck>;

const IdRequest = z.object({ id: z.number().int().positive() }).strict();
const Page = z.object({ afterId: z.number().int().nonnegative().default(0), limit: z.number().int().min(1).max(1000).default(500) }).strict();

export const driversRpc = {
  list: defineRpc('drivers.drivers.list.v1', z.object({}).strict(), z.array(Driver)),
  locations: defineRpc('drivers.drivers.locations.v1', z.object({}).strict(), z.array(DriverLocation)),
  get: defineRpc('drivers.drivers.get.v1', IdRequest, Driver),
  register: defineRpc(
    'drivers.drivers.register.v1',
    z.object({ registration: DriverRegistration, registeredBy: RegisteredBy }).strict(),
    DriverRegistrationResult,
  ),
  update: defineRpc('drivers.drivers.update.v1', z.object({ id: z.number().int().positive(), changes: DriverUpdate }).strict(), Driver),
  toggleDuty: defineRpc('drivers.drivers.toggle-duty.v1', IdRequest, Driver),
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
};

