import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/** A signed-in customer for the load: their email and the cookie their browser would send. */
export interface SignedInCustomer {
  email: string;
  cookie: string;
}

/**
 * Customers with an account, a live session and `credit` of Refer & Fly credit each, written
 * straight into the customers service's tables (as its sign-in and an admin's adjustment would
 * leave them: the session's SHA-256, a 12-month grant with its `earned` entry), so the load
 * measures the booking path and not the emailing of codes.
 */
export async function customersWithCredit(databaseUrl: string, label: string, count: number, credit: string): Promise<SignedInCustomer[]> {
  const db = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=customers' });
  await db.connect();
  try {
    const customers: SignedInCustomer[] = [];
    for (let i = 0; i < count; i++) {
      const email = `${label}-${i}-${randomBytes(3).toString('hex')}@example.com`;
      const token = randomBytes(32).toString('base64url');
      await db.query(
        `WITH account AS (INSERT INTO customers (email) VALUES ($1) RETURNING id)
         INSERT INTO sessions (token_hash, customer_id, expires_at) SELECT $2, id, now() + interval '1 day' FROM account`,
        [email, createHash('sha256').update(token).digest('hex')],
      );
      await db.query(
        `WITH grant_row AS (
           INSERT INTO credit_grants (email, amount, available, reason, earned_at, expires_at)
           VALUES ($1, $2, $2, 'Bench credit', now(), now() + interval '12 months') RETURNING email, amount)
         INSERT INTO credit_entries (email, kind, amount, reason) SELECT email, 'earned', amount, 'Bench credit' FROM grant_row`,
        [email, credit],
      );
      customers.push({ email, cookie: `limo_customer=${token}` });
    }
    return customers;
  } finally {
    await db.end();
  }
}

/**
 * Credit used twice: the emails whose bookings took more credit than they were ever given, and
 * the cents of credit that left the ledger (available + held + spent) beyond what was granted.
 */
export async function creditUsedTwice(databaseUrl: string, emails: string[]): Promise<{ emails: number; overdrawnCents: number }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ email: string; granted: string; taken: string }>(
      `SELECT g.email, g.granted, coalesce(b.taken, 0) AS taken
         FROM (SELECT email, sum(amount) AS granted FROM customers.credit_grants WHERE email = ANY($1) GROUP BY email) g
         LEFT JOIN (SELECT lower(email) AS email, sum(credit_amount) AS taken FROM booking.bookings WHERE lower(email) = ANY($1) GROUP BY lower(email)) b
           ON b.email = g.email`,
      [emails],
    );
    const over = rows.map((r) => Math.round((Number(r.taken) - Number(r.granted)) * 100)).filter((cents) => cents > 0);
    return { emails: over.length, overdrawnCents: over.reduce((a, b) => a + b, 0) };
  } finally {
    await db.end();
  }
}
