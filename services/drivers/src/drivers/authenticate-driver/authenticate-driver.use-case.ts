import { Injectable } from '@nestjs/common';
import type { DriverSession } from '@limo/contracts';
import { dummyPasswordHash, verifyPassword } from '../../auth/password-hash.js';
import { toDriver } from '../driver.mapper.js';
import { DriversRepository } from '../drivers.repository.js';

export type Authentication = { outcome: 'ok'; session: DriverSession } | { outcome: 'invalid' } | { outcome: 'inactive' };

/**
 * Checks a driver's sign-in. An unknown username costs the same slow hash as a wrong password
 * (no telling which usernames exist by timing); the awaiting-approval answer is given only to
 * someone who knows the password.
 */
@Injectable()
export class AuthenticateDriver {
  constructor(private readonly drivers: DriversRepository) {}

  async execute({ username, password }: { username: string; password: string }): Promise<Authentication> {
    const row = await this.drivers.findByUsername(username.trim());
    const matches = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!row || !matches) return { outcome: 'invalid' };
    if (!row.isActive) return { outcome: 'inactive' };
    return { outcome: 'ok', session: { driver: toDriver(row), mustChangePassword: row.mustChangePassword } };
  }
}
