import { Injectable } from '@nestjs/common';
import { driverEvents, type PasswordResetResult } from '@limo/contracts';
import { notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { generateTemporaryPassword, hashPassword } from '../../auth/password-hash.js';
import { toDriverSnapshot } from '../driver.mapper.js';
import { DriversRepository, type DriversTx } from '../drivers.repository.js';

/** An admin's reset: a new temporary password, returned once, to be changed at the next sign-in. */
@Injectable()
export class ResetPassword {
  constructor(
    private readonly outbox: Outbox,
    private readonly drivers: DriversRepository,
  ) {}

  async execute({ driverId }: { driverId: number }): Promise<PasswordResetResult> {
    const row = await this.drivers.find(driverId);
    if (!row) throw notFound(`Driver ${driverId} not found`);
    const temporaryPassword = generateTemporaryPassword();
    const passwordHash = await hashPassword(temporaryPassword);
    await this.outbox.transaction(async (tx: DriversTx, events) => {
      const updated = await this.drivers.setPassword(tx, driverId, passwordHash, true);
      await events.append(driverEvents.updated, driverId, { driver: toDriverSnapshot(updated) });
    });
    return { driverId, username: row.username, temporaryPassword };
  }
}
