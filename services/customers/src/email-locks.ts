import type { CustomersTx } from './customers.tx.js';

/**
 * Transaction advisory locks per email, so replicas serialise their changes in Postgres (nothing
 * in memory matters): `loyalty` guards an email's punch card and rewards, `benefits` its credit
 * and what reservations hold. Taken in order of email, and loyalty before benefits when a
 * transaction needs both, so no two transactions wait on each other in a circle.
 */
export async function lockEmails(tx: CustomersTx, scope: 'loyalty' | 'benefits', emails: string[]): Promise<void> {
  const prefix = `customers.${scope}:`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${prefix} || e)) FROM (SELECT DISTINCT unnest(${emails}::text[]) AS e ORDER BY e) AS emails`;
}
