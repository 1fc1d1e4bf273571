import { Injectable } from '@nestjs/common';
import { driverEvents, type Driver, type DriverUpdate } from '@limo/contracts';
import { notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import type { Prisma } from '../../generated/prisma/client.js';
import { toDriver, toDriverSnapshot } from '../driver.mapper.js';
import { DriversRepository, type DriversTx } from '../drivers.repository.js';
import { duplicateEmail, rethrowUniqueAsConflict } from '../register-driver/register-driver.use-case.js';

export interface UpdateDriverCommand {
  id: number;
  changes: DriverUpdate;
}

/** The admin's Edit (details, the car's plate and colour, approval). Deactivating a driver on duty also ends their shift. */
@Injectable()
export class UpdateDriver {
  constructor(
    private readonly outbox: Outbox,
    private readonly drivers: DriversRepository,
  ) {}

  async execute({ id, changes }: UpdateDriverCommand): Promise<Driver> {
    const row = await this.outbox
      .transaction(async (tx: DriversTx, events) => {
        const current = await this.drivers.lock(tx, id);
        if (!current) throw notFound(`Driver ${id} not found`);
        const data: Prisma.DriverUpdateInput = { ...changes, version: { increment: 1 } };
        if (changes.email !== undefined) {
          data.email = changes.email.toLowerCase();
          const other = await this.drivers.idByEmail(tx, data.email);
          if (other !== undefined && other !== id) throw duplicateEmail();
        }
        let closedShift: number | undefined;
        if (changes.isActive === false && current.isOnDuty) {
          closedShift = await this.drivers.closeOpenShift(tx, id, new Date());
          Object.assign(data, { isOnDuty: false, currentShiftStart: null });
        }
        const updated = await this.drivers.update(tx, id, data);
        await events.append(driverEvents.updated, id, { driver: toDriverSnapshot(updated) });
        if (closedShift !== undefined) {
          await events.append(driverEvents.dutyChanged, id, { driver: toDriverSnapshot(updated), isOnDuty: false, shiftId: closedShift });
        }
        return updated;
      })
      .catch(rethrowUniqueAsConflict);
    return toDriver(row);
  }
}
