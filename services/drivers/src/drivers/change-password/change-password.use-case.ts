import { Injectable } from '@nestjs/common';
import { DRIVER_MESSAGES as M, type DriverSession } from '@limo/contracts';
import { badRequest, notFound } from '@limo/messaging';
import { hashPassword, verifyPassword } from '../../auth/password-hash.js';
import { toDriver } from '../driver.mapper.js';
import { DriversRepository } from '../drivers.repository.js';

export interface ChangePasswordCommand {
  driverId: number;
  currentPassword: string;
  newPassword: string;
}

/** The driver's own password change (first sign-in or later): the current password proves it is them. */
@Injectable()
export class ChangePassword {
  constructor(private readonly drivers: DriversRepository) {}

  async execute({ driverId, currentPassword, newPassword }: ChangePasswordCommand): Promise<DriverSession> {
    const row = await this.drivers.find(driverId);
    if (!row) throw notFound(`Driver ${driverId} not found`);
    if (!(await verifyPassword(row.passwordHash, currentPassword))) throw badRequest(M.currentPasswordWrong);
    if (currentPassword === newPassword) throw badRequest(M.newPasswordSameAsCurrent);
    const updated = await this.drivers.setPassword(driverId, await hashPassword(newPassword), false);
    return { driver: toDriver(updated), mustChangePassword: false };
  }
}
