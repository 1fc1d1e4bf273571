import { z } from 'zod';
import { defineEvent } from '../common/messages.js';
import { RegisteredBy } from './http.js';

const Iso = z.iso.datetime({ offset: true });

/** What driver events carry: enough for reporting's on-duty counts and driver names. */
export const DriverSnapshot = z.object({
  id: z.number().int().positive(),
  /** Grows by one with every change, so consumers can drop stale events. */
  version: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  isActive: z.boolean(),
  isOnDuty: z.boolean(),
  rating: z.string(),
  totalRides: z.number().int().nonnegative(),
  updatedAt: Iso,
});
export type DriverSnapshot = z.infer<typeof DriverSnapshot>;

export const driverEvents = {
  registered: defineEvent('drivers.driver.registered.v1', z.object({ driver: DriverSnapshot, registeredBy: RegisteredBy })),
  /** Any change other than duty: details, approval, rating. */
  updated: defineEvent('drivers.driver.updated.v1', z.object({ driver: DriverSnapshot })),
  dutyChanged: defineEvent(
    'drivers.driver.duty-changed.v1',
    z.object({ driver: DriverSnapshot, isOnDuty: z.boolean(), shiftId: z.number().int().positive() }),
  ),
  /**
   * A self-registration with the email of an existing driver: it was answered like any other (so
   * the answer tells no one whose email that is), and the owner is told by email instead.
   */
  registrationRepeated: defineEvent(
    'drivers.driver.registration-repeated.v1',
    z.object({ driverId: z.number().int().positive(), email: z.string(), firstName: z.string(), username: z.string() }),
  ),
  /**
   * Public self-registrations reached their hourly limit (all addresses together): new ones are
   * refused until `until`. For the admin's dashboard alerts.
   */
  registrationsPaused: defineEvent('drivers.registrations.paused.v1', z.object({ perHour: z.number().int().positive(), until: Iso })),
  /** A driver's shared position (every few seconds while on duty). */
  locationUpdated: defineEvent(
    'drivers.driver.location-updated.v1',
    z.object({ driverId: z.number().int().positive(), latitude: z.string(), longitude: z.string(), at: Iso }),
  ),
};
