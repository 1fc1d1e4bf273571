import { Injectable } from '@nestjs/common';
import { DRIVER_MESSAGES, driverEvents, type Driver } from '@limo/contracts';
import { conflict, notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { toDriver, toDriverSnapshot } from '../driver.mapper.js';
import { DriversRepository, type DriversTx } from '../drivers.repository.js';

export interface ToggleDutyCommand {
  driverId: number;
}

/** Puts a driver on duty (opening a shift) or off duty (closing it). Only an approved driver goes on duty. */
@Injectable()
export class ToggleDuty {
  constructor(
    private readonly outbox: Outbox,
    private readonly drivers: DriversRepository,
  ) {}

  async execute({ driverId }: ToggleDutyCommand): Promise<Driver> {
    const row = await this.outbox.transaction(async (tx: DriversTx, events) => {
      const current = await this.drivers.lock(tx, driverId);
      if (!current) throw notFound(`Driver ${driverId} not found`);
      const now = new Date();
      const goingOnDuty = !current.isOnDuty;
      if (goingOnDuty && !current.isActive) throw conflict('This driver awaits approval: activate the driver before putting them on duty');
      if (!goingOnDuty && (await this.drivers.hasRideInProgress(tx, driverId))) throw conflict(DRIVER_MESSAGES.rideInProgress);
      const shiftId = goingOnDuty ? await this.drivers.openShift(tx, driverId, now) : await this.drivers.closeOpenShift(tx, driverId, now);
      const updated = await this.drivers.update(tx, driverId, {
        isOnDuty: goingOnDuty,
        currentShiftStart: goingOnDuty ? now : null,
        version: { increment: 1 },
      });
      await events.append(driverEvents.dutyChanged, driverId, { driver: toDriverSnapshot(updated), isOnDuty: goingOnDuty, shiftId });
      return updated;
    });
    return toDriver(row);
  }
}
