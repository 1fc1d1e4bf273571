import type { CustomersTx } from './customers.tx.js';

/**
 * Transaction advisory locks per email, so replicas serialise their changes in Postgres (nothing
 * in memory matters): `loyalty` guards an email's punch card and rewards, `benefits` its credit
 * and what reservations hold. Taken in order of email, and loyalty before benefits when a
 * transaction needs both, so no two transactions wait on each other in a circle.
 */
/** The text whose hash is the lock of the email in that scope (for statements that take it themselves). */
export const emailLockKey = (scope: 'loyalty' | 'benefits', email: string) => `customers.${scope}:${email}`;

export async function lockEmails(tx: CustomersTx, scope: 'loyalty' | 'benefits', emails: string[]): Promise<void> {
  const keys = emails.map((email) => emailLockKey(scope, email));
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(k)) FROM (SELECT DISTINCT unnest(${keys}::text[]) AS k ORDER BY k) AS emails`;
}
