import { Injectable } from '@nestjs/common';
import type { Driver, DriverLocation, DriverSnapshot, RosterDriver } from '@limo/contracts';
import { PrismaClient, type Driver as DriverRow, type Prisma } from '../generated/prisma/client.js';
import { toDriver, toDriverLocation, toDriverSnapshot } from './driver.mapper.js';

export type DriversTx = Prisma.TransactionClient;
export type { DriverRow };

/** Reads and writes of drivers and shifts; the rules live in the use cases beside it. */
@Injectable()
export class DriversRepository {
  constructor(private readonly db: PrismaClient) {}

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

  /** The active drivers' names, duty and positions only: the board reads them often, 200 at a time. */
  async roster(): Promise<RosterDriver[]> {
    const rows = await this.db.driver.findMany({
      where: { isActive: true },
      select: { id: true, firstName: true, lastName: true, isOnDuty: true, currentLatitude: true, currentLongitude: true, lastLocationUpdate: true },
      orderBy: { id: 'asc' },
    });
    return rows.map((row) => ({
      ...row,
      currentLatitude: row.currentLatitude?.toFixed(8) ?? null,
      currentLongitude: row.currentLongitude?.toFixed(8) ?? null,
      lastLocationUpdate: row.lastLocationUpdate?.toISOString() ?? null,
    }));
  }

  async find(id: number, tx: DriversTx = this.db): Promise<DriverRow | null> {
    return tx.driver.findUnique({ where: { id } });
  }

  /** The photo's bytes and version, null when there is no such driver. */
  photoOf(id: number) {
    return this.db.driver.findUnique({ where: { id }, select: { photoVersion: true, photo: { select: { jpeg: true } } } });
  }

  async savePhoto(tx: DriversTx, id: number, jpeg: Buffer, photoVersion: string): Promise<void> {
    const bytes = new Uint8Array(jpeg);
    await tx.driverPhoto.upsert({ where: { driverId: id }, create: { driverId: id, jpeg: bytes }, update: { jpeg: bytes, createdAt: new Date() } });
    await tx.driver.update({ where: { id }, data: { photoVersion, version: { increment: 1 } } });
  }

  async deletePhoto(tx: DriversTx, id: number): Promise<void> {
    await tx.driverPhoto.deleteMany({ where: { driverId: id } });
    await tx.driver.update({ where: { id }, data: { photoVersion: null, version: { increment: 1 } } });
  }

  /** By username, whatever its case (usernames are generated lower-case). */
  findByUsername(username: string): Promise<DriverRow | null> {
    return this.db.driver.findFirst({ where: { username: { equals: username, mode: 'insensitive' } } });
  }

  setPassword(tx: DriversTx, id: number, passwordHash: string, mustChangePassword: boolean): Promise<DriverRow> {
    return tx.driver.update({ where: { id }, data: { passwordHash, mustChangePassword, version: { increment: 1 } } });
  }

  async snapshots(afterId: number, limit: number): Promise<{ items: DriverSnapshot[]; nextAfterId: number | null }> {
    const rows = await this.db.driver.findMany({ where: { id: { gt: afterId } }, orderBy: { id: 'asc' }, take: limit });
    return { items: rows.map(toDriverSnapshot), nextAfterId: rows.length === limit ? rows[rows.length - 1].id : null };
  }

  async existingEmails(): Promise<Set<string>> {
    return new Set((await this.db.driver.findMany({ select: { email: true } })).map((d) => d.email));
  }

  /** Serialises registrations, so two people with one name get `smitjo` and `smitjo2`. */
  async lockRegistrations(tx: DriversTx): Promise<void> {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('drivers.register'))`);
  }

  async idByEmail(tx: DriversTx, email: string): Promise<number | undefined> {
    return (await tx.driver.findUnique({ where: { email }, select: { id: true } }))?.id;
  }

  async byEmail(tx: DriversTx, email: string): Promise<DriverRow | null> {
    return tx.driver.findUnique({ where: { email } });
  }

  /** Takes the id the next driver would have had, as an insert does (a sequence is not rolled back). */
  async skipAnId(tx: DriversTx): Promise<number> {
    const [{ id }] = await tx.$queryRawUnsafe<{ id: bigint }[]>(`SELECT nextval(pg_get_serial_sequence('drivers', 'id')) AS id`);
    return Number(id);
  }

  async usernamesStartingWith(tx: DriversTx, base: string): Promise<string[]> {
    return (await tx.driver.findMany({ where: { username: { startsWith: base } }, select: { username: true } })).map((d) => d.username);
  }

  async insert(tx: DriversTx, data: Prisma.DriverCreateInput): Promise<DriverRow> {
    return tx.driver.create({ data });
  }

  /** The driver, locked for the rest of the transaction; null when there is none. */
  async lock(tx: DriversTx, id: number): Promise<DriverRow | null> {
    const locked = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM drivers WHERE id = $1 FOR UPDATE`, id);
    return locked.length === 0 ? null : tx.driver.findUnique({ where: { id } });
  }

  async update(tx: DriversTx, id: number, data: Prisma.DriverUpdateInput): Promise<DriverRow> {
    return tx.driver.update({ where: { id }, data });
  }

  /** Whether the driver has started a ride and not finished it (from the booking service's events). */
  async hasRideInProgress(tx: DriversTx, driverId: number): Promise<boolean> {
    return (await tx.rideState.count({ where: { driverId, inProgress: true } })) > 0;
  }

  openShiftOf(driverId: number) {
    return this.db.shift.findFirst({ where: { driverId, endTime: null } });
  }

  async openShift(tx: DriversTx, driverId: number, at: Date): Promise<number> {
    return (await tx.shift.create({ data: { driverId, startTime: at } })).id;
  }

  /** Ends the driver's open shift; returns its id (a missing shift is opened and closed at once). */
  async closeOpenShift(tx: DriversTx, driverId: number, at: Date): Promise<number> {
    const open = await tx.shift.findFirst({ where: { driverId, endTime: null } });
    if (open) return (await tx.shift.update({ where: { id: open.id }, data: { endTime: at } })).id;
    return (await tx.shift.create({ data: { driverId, startTime: at, endTime: at } })).id;
  }
}
