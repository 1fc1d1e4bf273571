import { REFER_AND_FLY } from '@limo/contracts';
import { addMonths } from '../loyalty/loyalty-rules.js';

/*
 * The rules of the Refer & Fly credit ledger (decisions.md), free of the database so they are
 * tested alone (property tests in ledger-rules.test.ts). Amounts are whole cents. An email's
 * credit is a set of grants, each with what is left of it (`available`); a booking's reservation
 * holds amounts taken from given grants, so a release gives them back to the same grants.
 */

export interface Grant {
  id: number;
  /** Cents left of the grant: not held, spent or written off. */
  available: number;
  expiresAt: Date;
}

export interface Take {
  grantId: number;
  cents: number;
}

/** A grant is usable until its expiry, not at it. */
export const usable = (grant: Pick<Grant, 'expiresAt'>, now: Date) => grant.expiresAt.getTime() > now.getTime();

/** The credit the email can spend now: what is left of its unexpired grants. */
export const availableOf = (grants: Grant[], now: Date) => grants.filter((grant) => usable(grant, now)).reduce((sum, grant) => sum + grant.available, 0);

/**
 * Takes `cents` from the usable grants, those expiring first first (so the customer loses as little
 * as possible to expiry), never more than a grant has; null when they hold less than that (all or
 * nothing: nothing is taken then).
 */
export function take(grants: Grant[], cents: number, now: Date): Take[] | null {
  const order = grants.filter((grant) => usable(grant, now) && grant.available > 0).sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.id - b.id);
  const takes: Take[] = [];
  let left = cents;
  for (const grant of order) {
    if (left === 0) break;
    const part = Math.min(grant.available, left);
    takes.push({ grantId: grant.id, cents: part });
    left -= part;
  }
  return left === 0 ? takes : null;
}

/**
 * A released hold goes back to its grants; what goes back to a grant that expired meanwhile
 * expires at once (it could not have been spent had it never been held).
 */
export function giveBack(holds: Take[], grants: Grant[], now: Date): { released: number; expired: number } {
  const byId = new Map(grants.map((grant) => [grant.id, grant]));
  let released = 0;
  let expired = 0;
  for (const hold of holds) {
    released += hold.cents;
    const grant = byId.get(hold.grantId);
    if (!grant || !usable(grant, now)) expired += hold.cents;
  }
  return { released, expired };
}

/**
 * A hold settled by a ride whose final price used less credit than was held (an admin re-priced
 * it lower): the part used is spent, from the grants expiring first, and the rest goes back.
 */
export function splitHold(holds: Take[], usedCents: number, grants: Grant[]): { spent: Take[]; back: Take[] } {
  const expiry = new Map(grants.map((grant) => [grant.id, grant.expiresAt.getTime()]));
  const order = [...holds].sort((a, b) => (expiry.get(a.grantId) ?? 0) - (expiry.get(b.grantId) ?? 0) || a.grantId - b.grantId);
  const spent: Take[] = [];
  const back: Take[] = [];
  let left = Math.max(usedCents, 0);
  for (const hold of order) {
    const part = Math.min(hold.cents, left);
    left -= part;
    if (part > 0) spent.push({ grantId: hold.grantId, cents: part });
    if (hold.cents > part) back.push({ grantId: hold.grantId, cents: hold.cents - part });
  }
  return { spent, back };
}

/** What is left of the grants that have expired: written off as `expired`. */
export const expiredOf = (grants: Grant[], now: Date): Take[] =>
  grants.filter((grant) => !usable(grant, now) && grant.available > 0).map((grant) => ({ grantId: grant.id, cents: grant.available }));

/** A grant earned (or adjusted up) at `at` expires 12 months later. */
export const creditExpiry = (at: Date) => addMonths(at, REFER_AND_FLY.creditValidMonths);
