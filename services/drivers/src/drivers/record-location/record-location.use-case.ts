import { Injectable } from '@nestjs/common';
import { driverEvents, type Driver, type LocationUpdate } from '@limo/contracts';
import { conflict, notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { toDriver } from '../driver.mapper.js';
import { DriversRepository, type DriversTx } from '../drivers.repository.js';

/** decimal(10,8) and decimal(11,8): the browser's float, cut to the columns' 8 decimals. */
const coordinate = (value: number) => value.toFixed(8);

/**
 * The driver's shared position, while on duty: stored on the driver (the admin's Driver
 * Locations) and published, so live boards and the customer's tracking page see it at once.
 */
@Injectable()
export class RecordLocation {
  constructor(
    private readonly outbox: Outbox,
    private readonly drivers: DriversRepository,
  ) {}

  async execute({ driverId, latitude, longitude }: LocationUpdate & { driverId: number }): Promise<Driver> {
    const row = await this.outbox.transaction(async (tx: DriversTx, events) => {
      const current = await this.drivers.lock(tx, driverId);
      if (!current) throw notFound(`Driver ${driverId} not found`);
      if (!current.isOnDuty) throw conflict('Go on duty to share your location');
      const at = new Date();
      const updated = await this.drivers.update(tx, driverId, {
        currentLatitude: coordinate(latitude),
        currentLongitude: coordinate(longitude),
        lastLocationUpdate: at,
        locationPermissionGranted: true,
      });
      await events.append(driverEvents.locationUpdated, driverId, {
        driverId,
        latitude: coordinate(latitude),
        longitude: coordinate(longitude),
        at: at.toISOString(),
      });
      return updated;
    });
    return toDriver(row);
  }
}
