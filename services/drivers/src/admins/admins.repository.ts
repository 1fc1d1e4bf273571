import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { DriversDb } from '../drivers.db.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password-hash.js';

/**
 * Back-office accounts live here, beside the drivers, in the `admins` table: the service that
 * already keeps driver password hashes keeps these too, so only one service ever holds hashes.
 */
@Injectable()
export class AdminsRepository {
  private readonly db: DriversDb;

  constructor(@Inject(RUNTIME) runtime: ServiceRuntime<DriversDb>) {
    this.db = runtime.db;
  }

  /** True when the username exists and the password matches; an unknown name costs the same time. */
  async verify(username: string, password: string): Promise<boolean> {
    const admin = await this.db.admin.findUnique({ where: { username } });
    const matches = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), password);
    return admin !== null && matches;
  }

  /** Makes the configured first admin exist with the configured password. */
  async ensure(username: string, password: string): Promise<'created' | 'updated' | 'unchanged'> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('drivers.admins.ensure'))`);
      const admin = await tx.admin.findUnique({ where: { username } });
      if (admin && (await verifyPassword(admin.passwordHash, password))) return 'unchanged';
      const passwordHash = await hashPassword(password);
      if (admin) {
        await tx.admin.update({ where: { id: admin.id }, data: { passwordHash } });
        return 'updated';
      }
      await tx.admin.create({ data: { username, passwordHash } });
      return 'created';
    });
  }
}
