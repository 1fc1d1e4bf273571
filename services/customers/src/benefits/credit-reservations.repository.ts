import { Inject, Injectable } from '@nestjs/common';
import { fromCents, toCents } from '@limo/contracts';
import { SQL_POOL } from '@limo/service-runtime';
import type pg from 'pg';
import { emailLockKey } from '../email-locks.js';
import type { Grant, Take } from '../credits/ledger-rules.js';

/*
 * Hand-written SQL on a pg connection on purpose: a signed-in booking that spends credit reserves
 * it while POST /api/bookings waits (`npm run bench bookings`). Through Prisma's interactive
 * transaction that was nine round trips and most of the customers service's CPU per booking; here
 * it is BEGIN, the email's lock, one read, one write and COMMIT on one connection of the pool
 * Prisma runs on. The lock is the one every other change of the email's benefits takes
 * (email-locks.ts), so nothing is spent twice across replicas.
 */

/** The entry's reason, as the ledger shows it. */
export const RESERVED_REASON = 'Held for a booking';

// Named: each connection plans them once.
const LOCK = { name: 'customers.reserve-credit.lock', text: 'SELECT pg_advisory_xact_lock(hashtext($1::text))' };

/** Whether the reservation exists already, and the grants it could take from (usable, with something left). */
const READ = {
  name: 'customers.reserve-credit.read',
  text: `SELECT EXISTS (SELECT 1 FROM benefit_reservations WHERE id = $2::uuid) AS known,
    coalesce((SELECT json_agg(json_build_object('id', id, 'available', available::text, 'expiresAt', expires_at))
      FROM credit_grants WHERE email = $1::text AND expires_at > $3::timestamptz AND available > 0), '[]') AS grants`,
};

/** The reservation, what it takes from each grant (their remainders and its holds) and the ledger's entry, in one statement. */
const WRITE = {
  name: 'customers.reserve-credit.write',
  text: `WITH reservation AS (
      INSERT INTO benefit_reservations (id, email, status, credit) VALUES ($2::uuid, $1::text, 'held', $3::numeric)),
    take AS (SELECT * FROM unnest($4::int[], $5::numeric[]) AS t(grant_id, amount)),
    grants AS (UPDATE credit_grants g SET available = g.available - take.amount FROM take WHERE g.id = take.grant_id),
    holds AS (INSERT INTO credit_holds (reservation_id, grant_id, amount) SELECT $2::uuid, grant_id, amount FROM take)
    INSERT INTO credit_entries (email, at, kind, amount, reason, reservation_id)
    SELECT $1::text, $6::timestamptz, 'reserved', -$3::numeric, $7::text, $2::uuid WHERE $3::numeric > 0`,
};

/** Chooses what to take from the grants; null when they hold too little. */
export type TakePlan = (grants: Grant[]) => Take[] | null;

/** A reservation of credit alone (no free ride), written in one short transaction. */
@Injectable()
export class CreditReservationsRepository {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  /** Holds what `plan` takes for the reservation; true when held (or the id was known already), false (nothing written) when too little is left. */
  async reserve(email: string, reservationId: string, cents: number, plan: TakePlan, now: Date): Promise<boolean> {
    return this.transaction(async (client) => {
      await client.query({ ...LOCK, values: [emailLockKey('benefits', email)] });
      const { rows } = await client.query<{ known: boolean; grants: { id: number; available: string; expiresAt: string }[] }>({ ...READ, values: [email, reservationId, now] });
      if (rows[0].known) return true;
      const grants = rows[0].grants.map((grant) => ({ id: grant.id, available: toCents(grant.available), expiresAt: new Date(grant.expiresAt) }));
      const takes = cents === 0 ? [] : plan(grants);
      if (!takes) return false;
      const amount = fromCents(cents);
      await client.query({
        ...WRITE,
        values: [email, reservationId, amount, takes.map((t) => t.grantId), takes.map((t) => fromCents(t.cents)), now, RESERVED_REASON],
      });
      return true;
    });
  }

  /** BEGIN … COMMIT on one connection; ROLLBACK on any error (a connection that cannot roll back is discarded). */
  private async transaction<R>(fn: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
      throw error;
    } finally {
      client.release(broken);
    }
  }
}
