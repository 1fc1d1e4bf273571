import { Injectable } from '@nestjs/common';
import type { PasswordResetResult } from '@limo/contracts';
import { notFound } from '@limo/messaging';
import { generateTemporaryPassword, hashPassword } from '../../auth/password-hash.js';
import { DriversRepository } from '../drivers.repository.js';

/** An admin's reset: a new temporary password, returned once, to be changed at the next sign-in. */
@Injectable()
export class ResetPassword {
  constructor(private readonly drivers: DriversRepository) {}

  async execute({ driverId }: { driverId: number }): Promise<PasswordResetResult> {
    const row = await this.drivers.find(driverId);
    if (!row) throw notFound(`Driver ${driverId} not found`);
    const temporaryPassword = generateTemporaryPassword();
    await this.drivers.setPassword(driverId, await hashPassword(temporaryPassword), true);
    return { driverId, username: row.username, temporaryPassword };
  }
}
