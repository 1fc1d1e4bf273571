import { Inject, Injectable } from '@nestjs/common';
import {
  driverEvents,
  type Driver,
  type DriverLocation,
  type DriverRegistration,
  type DriverRegistrationResult,
  type DriverSnapshot,
  type DriverUpdate,
  type RegisteredBy,
} from '@limo/contracts';
import { appendToOutbox } from '@limo/database';
import { conflict, notFound } from '@limo/messaging';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { DriversDb } from '../drivers.db.js';
import type { Driver as DriverRow, Prisma } from '../generated/prisma/client.js';
import { generateTemporaryPassword, hashPassword } from '../auth/password-hash.js';
import { toDriver, toDriverLocation, toDriverSnapshot } from './driver.mapper.js';
import { pickUsername, usernameBase } from './username.js';

type Tx = Prisma.TransactionClient;

const DUPLICATE_EMAIL = 'A driver with this email address is already registered';

/** Extra fields a seeded demo driver may carry (location, duty). */
export interface DemoDriverExtras {
  isOnDuty?: boolean;
  currentLatitude?: string;
  currentLongitude?: string;
  lastLocationUpdate?: Date;
  locationPermissionGranted?: boolean;
  rating?: string;
  totalRides?: number;
}

@Injectable()
export class DriversRepository {
  private readonly db: DriversDb;

  constructor(@Inject(RUNTIME) private readonly runtime: ServiceRuntime<DriversDb>) {
    this.db = runtime.db;
  }

  async list(): Promise<Driver[]> {
    const rows = await this.db.driver.findMany({ orderBy: { id: 'asc' } });
    return rows.map(toDriver);
  }

  /** Drivers that have shared a position, most recently updated first. */
  async locations(): Promise<DriverLocation[]> {
    const rows = await this.db.driver.findMany({
      where: { currentLatitude: { not: null }, currentLongitude: { not: null } },
      orderBy: [{ lastLocationUpdate: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }],
    });
    return rows.map(toDriverLocation);
  }

  async get(id: number): Promise<Driver> {
    const row = await this.db.driver.findUnique({ where: { id } });
    if (!row) throw notFound(`Driver ${id} not found`);
    return toDriver(row);
  }

  async snapshots(afterId: number, limit: number): Promise<{ items: DriverSnapshot[]; nextAfterId: number | null }> {
    const rows = await this.db.driver.findMany({ where: { id: { gt: afterId } }, orderBy: { id: 'asc' }, take: limit });
    return { items: rows.map(toDriverSnapshot), nextAfterId: rows.length === limit ? rows[rows.length - 1].id : null };
  }

  /**
   * Registers a driver with a generated username and a random temporary password (returned once,
   * stored as a slow hash). Registrations are serialised by a transaction lock, so two people
   * with the same name get `smitjo` and `smitjo2` rather than a unique-key error.
   */
  async register(registration: DriverRegistration, registeredBy: RegisteredBy, extras: DemoDriverExtras = {}): Promise<DriverRegistrationResult> {
    const temporaryPassword = generateTemporaryPassword();
    const passwordHash = await hashPassword(temporaryPassword);
    const email = registration.email.toLowerCase();
    const base = usernameBase(registration.firstName, registration.lastName);
    const row = await this.db
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('drivers.register'))`);
        if (await tx.driver.findUnique({ where: { email }, select: { id: true } })) throw conflict(DUPLICATE_EMAIL);
        const taken = await tx.driver.findMany({ where: { username: { startsWith: base } }, select: { username: true } });
        const now = new Date();
        const created = await tx.driver.create({
          data: {
            ...registration,
            email,
            username: pickUsername(base, taken.map((t) => t.username)),
            passwordHash,
            mustChangePassword: true,
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
          },
        });
        await appendToOutbox(tx, driverEvents.registered, created.id, { driver: toDriverSnapshot(created), registeredBy });
        if (extras.isOnDuty) {
          const shift = await tx.shift.create({ data: { driverId: created.id, startTime: now } });
          await appendToOutbox(tx, driverEvents.dutyChanged, created.id, { driver: toDriverSnapshot(created), isOnDuty: true, shiftId: shift.id });
        }
        return created;
      })
      .catch(rethrowUniqueAsConflict);
    this.runtime.relay.nudge();
    return {
      id: row.id,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      licenseNumber: row.licenseNumber,
      address: row.address,
      temporaryPassword,
      isActive: row.isActive,
    };
  }

  /** The admin's Edit (details, approval). Deactivating a driver on duty also ends their shift. */
  async update(id: number, changes: DriverUpdate): Promise<Driver> {
    const row = await this.db
      .$transaction(async (tx) => {
        const current = await lockDriver(tx, id);
        const data: Prisma.DriverUpdateInput = { ...changes, version: { increment: 1 } };
        if (changes.email !== undefined) {
          data.email = changes.email.toLowerCase();
          const other = await tx.driver.findUnique({ where: { email: data.email }, select: { id: true } });
          if (other && other.id !== id) throw conflict(DUPLICATE_EMAIL);
        }
        let closedShift: number | undefined;
        if (changes.isActive === false && current.isOnDuty) {
          closedShift = await closeOpenShift(tx, id);
          Object.assign(data, { isOnDuty: false, currentShiftStart: null });
        }
        const updated = await tx.driver.update({ where: { id }, data });
        await appendToOutbox(tx, driverEvents.updated, id, { driver: toDriverSnapshot(updated) });
        if (closedShift !== undefined) {
          await appendToOutbox(tx, driverEvents.dutyChanged, id, { driver: toDriverSnapshot(updated), isOnDuty: false, shiftId: closedShift });
        }
        return updated;
      })
      .catch(rethrowUniqueAsConflict);
    this.runtime.relay.nudge();
    return toDriver(row);
  }

  /** Puts a driver on duty (opening a shift) or off duty (closing it). */
  async toggleDuty(id: number): Promise<Driver> {
    const row = await this.db.$transaction(async (tx) => {
      const current = await lockDriver(tx, id);
      const now = new Date();
      let shiftId: number;
      let updated: DriverRow;
      if (current.isOnDuty) {
        shiftId = await closeOpenShift(tx, id);
        updated = await tx.driver.update({ where: { id }, data: { isOnDuty: false, currentShiftStart: null, version: { increment: 1 } } });
      } else {
        if (!current.isActive) throw conflict('This driver awaits approval: activate the driver before putting them on duty');
        shiftId = (await tx.shift.create({ data: { driverId: id, startTime: now } })).id;
        updated = await tx.driver.update({ where: { id }, data: { isOnDuty: true, currentShiftStart: now, version: { increment: 1 } } });
      }
      await appendToOutbox(tx, driverEvents.dutyChanged, id, { driver: toDriverSnapshot(updated), isOnDuty: updated.isOnDuty, shiftId });
      return updated;
    });
    this.runtime.relay.nudge();
    return toDriver(row);
  }

  /** Usernames already present, for the seeder. */
  async existingEmails(): Promise<Set<string>> {
    return new Set((await this.db.driver.findMany({ select: { email: true } })).map((d) => d.email));
  }
}

async function lockDriver(tx: Tx, id: number): Promise<DriverRow> {
  const locked = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM drivers WHERE id = $1 FOR UPDATE`, id);
  if (locked.length === 0) throw notFound(`Driver ${id} not found`);
  return (await tx.driver.findUnique({ where: { id } }))!;
}

/** Ends the driver's open shift now; returns its id (a missing shift is opened and closed at once). */
async function closeOpenShift(tx: Tx, driverId: number): Promise<number> {
  const now = new Date();
  const open = await tx.shift.findFirst({ where: { driverId, endTime: null } });
  if (open) return (await tx.shift.update({ where: { id: open.id }, data: { endTime: now } })).id;
  return (await tx.shift.create({ data: { driverId, startTime: now, endTime: now } })).id;
}

/** A unique index that fires despite the checks (a race the lock did not cover) is still a 409. */
function rethrowUniqueAsConflict(error: unknown): never {
  if ((error as { code?: string })?.code === 'P2002') throw conflict(DUPLICATE_EMAIL);
  throw error;
}
