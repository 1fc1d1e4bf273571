import { Injectable } from '@nestjs/common';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password-hash.js';
import { AdminsRepository, type AdminsTx } from './admins.repository.js';

/**
 * Back-office accounts live here, beside the drivers: the service that already keeps driver
 * password hashes keeps these too, so only one service ever holds hashes.
 */
@Injectable()
export class AdminAccounts {
  constructor(private readonly admins: AdminsRepository) {}

  /** True when the username exists and the password matches; an unknown name costs the same time. */
  async verify(username: string, password: string): Promise<boolean> {
    const admin = await this.admins.findByUsername(username);
    const matches = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), password);
    return admin !== null && matches;
  }

  /** Makes the configured first admin exist with the configured password. */
  async ensure(username: string, password: string): Promise<'created' | 'updated' | 'unchanged'> {
    return this.admins.db.$transaction(async (tx: AdminsTx) => {
      await this.admins.lockEnsure(tx);
      const admin = await this.admins.findByUsername(username, tx);
      if (admin && (await verifyPassword(admin.passwordHash, password))) return 'unchanged';
      const passwordHash = await hashPassword(password);
      if (admin) {
        await this.admins.setPasswordHash(tx, admin.id, passwordHash);
        return 'updated';
      }
      await this.admins.create(tx, username, passwordHash);
      return 'created';
    });
  }
}
