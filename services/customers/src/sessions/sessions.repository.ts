import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import { toCustomer, type Customer } from '../accounts/customers.repository.js';
import type { CustomersTx } from '../customers.tx.js';
import { tokenHash } from './session-token.js';

/** Reads and writes of the sessions, by the hash of their token. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly db: PrismaClient) {}

  async create(tx: CustomersTx, token: string, customerId: number, expiresAt: Date): Promise<void> {
    await tx.session.create({ data: { tokenHash: tokenHash(token), customerId, expiresAt } });
  }

  /** The customer of a live session; null when there is none or it expired. */
  async customerOf(token: string, now = new Date()): Promise<Customer | null> {
    const session = await this.db.session.findUnique({ where: { tokenHash: tokenHash(token) }, include: { customer: true } });
    if (!session || session.expiresAt.getTime() <= now.getTime()) return null;
    return toCustomer(session.customer);
  }

  async end(token: string): Promise<void> {
    await this.db.session.deleteMany({ where: { tokenHash: tokenHash(token) } });
  }
}
