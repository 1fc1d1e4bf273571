import { Injectable } from '@nestjs/common';
import { PrismaClient, type Admin, type Prisma } from '../generated/prisma/client.js';

export type AdminsTx = Prisma.TransactionClient;

/** Reads and writes of the `admins` table (back-office accounts, scrypt hashes). */
@Injectable()
export class AdminsRepository {
  constructor(readonly db: PrismaClient) {}

  findByUsername(username: string, tx: AdminsTx = this.db): Promise<Admin | null> {
    return tx.admin.findUnique({ where: { username } });
  }

  async create(tx: AdminsTx, username: string, passwordHash: string): Promise<void> {
    await tx.admin.create({ data: { username, passwordHash } });
  }

  async setPasswordHash(tx: AdminsTx, id: number, passwordHash: string): Promise<void> {
    await tx.admin.update({ where: { id }, data: { passwordHash } });
  }

  /** Serialises the ensure of replicas starting together. */
  async lockEnsure(tx: AdminsTx): Promise<void> {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('drivers.admins.ensure'))`);
  }
}
