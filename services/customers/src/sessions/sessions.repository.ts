import { Inject, Injectable } from '@nestjs/common';
import { SQL_POOL } from '@limo/service-runtime';
import type pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { toCustomer, type Customer } from '../accounts/customers.repository.js';
import type { CustomersTx } from '../customers.tx.js';
import { tokenHash } from './session-token.js';

/**
 * Every signed-in request asks this (a signed-in booking too, `npm run bench bookings`): one
 * named statement on the pool Prisma runs on, reading only the account's fields the session
 * answers with, costs a fraction of Prisma's findUnique with its include.
 */
const CUSTOMER_OF_SESSION = {
  name: 'customers.customer-of-session',
  text: `SELECT c.id, c.email, c.name, c.phone, c.created_at AS "createdAt" FROM sessions s JOIN customers c ON c.id = s.customer_id
    WHERE s.token_hash = $1::text AND s.expires_at > $2::timestamptz`,
};

/** Reads and writes of the sessions, by the hash of their token. */
@Injectable()
export class SessionsRepository {
  constructor(
    private readonly db: PrismaClient,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async create(tx: CustomersTx, token: string, customerId: number, expiresAt: Date): Promise<void> {
    await tx.session.create({ data: { tokenHash: tokenHash(token), customerId, expiresAt } });
  }

  /** The customer of a live session; null when there is none or it expired. */
  async customerOf(token: string, now = new Date()): Promise<Customer | null> {
    const { rows } = await this.pool.query<Parameters<typeof toCustomer>[0]>({ ...CUSTOMER_OF_SESSION, values: [tokenHash(token), now] });
    return rows[0] ? toCustomer(rows[0]) : null;
  }

  async end(token: string): Promise<void> {
    await this.db.session.deleteMany({ where: { tokenHash: tokenHash(token) } });
  }
}
