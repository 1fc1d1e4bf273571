import { Injectable } from '@nestjs/common';
import { driverEvents, type DriverRegistration, type DriverRegistrationResult, type RegisteredBy, type VehicleColour } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { generateTemporaryPassword, hashPassword } from '../../auth/password-hash.js';
import { toDriverSnapshot } from '../driver.mapper.js';
import { DriversRepository, type DriversTx } from '../drivers.repository.js';
import { pickUsername, usernameBase } from '../username.js';

const DUPLICATE_EMAIL = 'A driver with this email address is already registered';
/** The 409 of an email another driver has: it names the field, so the form shows it under Email. */
export const duplicateEmail = () => new ServiceError(409, DUPLICATE_EMAIL, [{ path: 'email', message: DUPLICATE_EMAIL }]);

/** Extra fields a seeded demo driver may carry (location, duty). */
export interface DemoDriverExtras {
  isOnDuty?: boolean;
  currentLatitude?: string;
  currentLongitude?: string;
  lastLocationUpdate?: Date;
  locationPermissionGranted?: boolean;
  rating?: string;
  totalRides?: number;
  /** The car they drive (an admin sets it later for a real driver). */
  vehiclePlate?: string;
  vehicleColour?: VehicleColour;
  /** Development demo drivers: a known password, already changed (DEMO_DRIVER_PASSWORD). */
  password?: string;
}

export interface RegisterDriverCommand {
  registration: DriverRegistration;
  registeredBy: RegisteredBy;
  extras?: DemoDriverExtras;
}

type Registered = Omit<DriverRegistrationResult, 'temporaryPassword'>;

/**
 * Registers a driver with a generated username and a random temporary password (returned once,
 * stored as a slow hash). An admin's registration is active at once; a self-registration awaits
 * approval (decisions.md). A self-registration with an existing driver's email is answered like
 * any other, registering nothing, and the owner is told by email (driverEvents.registrationRepeated):
 * the public form must not tell anyone whether an email is a driver's. An admin is told (409).
 */
@Injectable()
export class RegisterDriver {
  constructor(
    private readonly outbox: Outbox,
    private readonly drivers: DriversRepository,
  ) {}

  async execute({ registration, registeredBy, extras = {} }: RegisterDriverCommand): Promise<DriverRegistrationResult> {
    const temporaryPassword = extras.password ?? generateTemporaryPassword();
    const passwordHash = await hashPassword(temporaryPassword);
    const email = registration.email.toLowerCase();
    const base = usernameBase(registration.firstName, registration.lastName);
    const registered = await this.outbox
      .transaction(async (tx: DriversTx, events): Promise<Registered> => {
        await this.drivers.lockRegistrations(tx);
        const username = pickUsername(base, await this.drivers.usernamesStartingWith(tx, base));
        const owner = await this.drivers.byEmail(tx, email);
        if (owner && registeredBy === 'admin') throw duplicateEmail();
        if (owner) {
          await events.append(driverEvents.registrationRepeated, owner.id, { driverId: owner.id, email: owner.email, firstName: owner.firstName, username: owner.username });
          // What a new driver's answer would have been, its id taken as an insert would take it.
          return { ...registration, id: await this.drivers.skipAnId(tx), username, email, isActive: false };
        }
        const now = new Date();
        const created = await this.drivers.insert(tx, {
          ...registration,
          email,
          username,
          passwordHash,
          mustChangePassword: extras.password === undefined,
          isActive: registeredBy === 'admin',
          registeredBy,
          isOnDuty: extras.isOnDuty ?? false,
          currentShiftStart: extras.isOnDuty ? now : null,
          currentLatitude: extras.currentLatitude,
          currentLongitude: extras.currentLongitude,
          lastLocationUpdate: extras.lastLocationUpdate,
          locationPermissionGranted: extras.locationPermissionGranted ?? false,
          rating: extras.rating,
          totalRides: extras.totalRides,
          vehiclePlate: extras.vehiclePlate,
          vehicleColour: extras.vehicleColour,
        });
        await events.append(driverEvents.registered, created.id, { driver: toDriverSnapshot(created), registeredBy });
        if (extras.isOnDuty) {
          const shiftId = await this.drivers.openShift(tx, created.id, now);
          await events.append(driverEvents.dutyChanged, created.id, { driver: toDriverSnapshot(created), isOnDuty: true, shiftId });
        }
        return {
          id: created.id,
          username: created.username,
          firstName: created.firstName,
          lastName: created.lastName,
          email: created.email,
          phone: created.phone,
          licenseNumber: created.licenseNumber,
          address: created.address,
          isActive: created.isActive,
        };
      })
      .catch(rethrowUniqueAsConflict);
    return { ...registered, temporaryPassword };
  }
}

/** A unique index that fires despite the checks (a race the lock did not cover) is still a 409. */
export function rethrowUniqueAsConflict(error: unknown): never {
  if ((error as { code?: string })?.code === 'P2002') throw duplicateEmail();
  throw error;
}
