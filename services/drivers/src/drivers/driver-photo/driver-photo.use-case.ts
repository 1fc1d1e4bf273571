import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { driverEvents, type Driver, type DriverPhoto } from '@limo/contracts';
import { badRequest, notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { toDriver, toDriverSnapshot } from '../driver.mapper.js';
import { DriversRepository, type DriversTx } from '../drivers.repository.js';

/** A JPEG starts with its SOI marker and a first segment marker. */
const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** The photo's version, its ETag: a hash of its bytes, so a cached copy is right or refetched. */
const photoVersionOf = (jpeg: Buffer) => createHash('sha256').update(jpeg).digest('base64url').slice(0, 22);

/**
 * The driver's photo. The gateway decodes and resizes the admin's upload (an upload may be 5 MB,
 * NATS carries 1 MB); the service keeps the small JPEG it gets and a version of it on the driver
 * row, so lists read the version and never the bytes.
 */
@Injectable()
export class DriverPhotos {
  constructor(
    private readonly outbox: Outbox,
    private readonly drivers: DriversRepository,
  ) {}

  async set(id: number, jpegBase64: string): Promise<Driver> {
    const jpeg = Buffer.from(jpegBase64, 'base64');
    if (!isJpeg(jpeg)) throw badRequest('A driver photo must be a JPEG');
    return this.change(id, (tx) => this.drivers.savePhoto(tx, id, jpeg, photoVersionOf(jpeg)));
  }

  remove(id: number): Promise<Driver> {
    return this.change(id, (tx) => this.drivers.deletePhoto(tx, id));
  }

  async photo(id: number): Promise<DriverPhoto> {
    const found = await this.drivers.photoOf(id);
    if (!found) throw notFound(`Driver ${id} not found`);
    return found.photo && found.photoVersion ? { jpeg: Buffer.from(found.photo.jpeg).toString('base64'), version: found.photoVersion } : null;
  }

  /** A photo change is a change of the driver: its version grows and driverEvents.updated says so. */
  private async change(id: number, write: (tx: DriversTx) => Promise<unknown>): Promise<Driver> {
    const row = await this.outbox.transaction(async (tx: DriversTx, events) => {
      if (!(await this.drivers.lock(tx, id))) throw notFound(`Driver ${id} not found`);
      await write(tx);
      const updated = await this.drivers.find(id, tx);
      await events.append(driverEvents.updated, id, { driver: toDriverSnapshot(updated!) });
      return updated!;
    });
    return toDriver(row);
  }
}
