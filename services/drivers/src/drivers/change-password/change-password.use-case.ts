import { Injectable } from '@nestjs/common';
import { DRIVER_MESSAGES as M, driverEvents, type DriverSession } from '@limo/contracts';
import { badRequest, notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { hashPassword, verifyPassword } from '../../auth/password-hash.js';
import { toDriver, toDriverSnapshot } from '../driver.mapper.js';
import { DriversRepository, type DriversTx } from '../drivers.repository.js';

export interface ChangePasswordCommand {
  driverId: number;
  currentPassword: string;
  newPassword: string;
}

/** The driver's own password change (first sign-in or later): the current password proves it is them. */
@Injectable()
export class ChangePassword {
  constructor(
    private readonly outbox: Outbox,
    private readonly drivers: DriversRepository,
  ) {}

  async execute({ driverId, currentPassword, newPassword }: ChangePasswordCommand): Promise<DriverSession> {
    const row = await this.drivers.find(driverId);
    if (!row) throw notFound(`Driver ${driverId} not found`);
    if (!(await verifyPassword(row.passwordHash, currentPassword))) throw badRequest(M.currentPasswordWrong);
    if (currentPassword === newPassword) throw badRequest(M.newPasswordSameAsCurrent);
    const passwordHash = await hashPassword(newPassword);
    const updated = await this.outbox.transaction(async (tx: DriversTx, events) => {
      const row = await this.drivers.setPassword(tx, driverId, passwordHash, false);
      await events.append(driverEvents.updated, driverId, { driver: toDriverSnapshot(row) });
      return row;
    });
    return { driver: toDriver(updated), mustChangePassword: false };
  }
}
