/*
 * The Refer & Fly code of the link a visitor came by (`/r/<code>`), kept in the browser until they
 * book (decisions.md: a new customer who books through the link earns $10 credit with their
 * first ride). localStorage, not the tab's session: a visitor who comes back a few days later to
 * book is still the friend who was referred. No zod: the wizard loads this with its first chunk.
 */

const KEY = 'referralCode';
/** How long a link's code is kept without a booking: a month of thinking it over. */
export const REFERRAL_KEEP_DAYS = 30;
/** The contract's ReferralCode shape (libs/contracts/src/customers/benefits-claim.ts), upper-cased. */
const CODE = /^[A-Z0-9]{4,16}$/;

export const REFERRAL_BANNER = 'Referred by a friend: $10 off after your first ride';

interface Stored {
  code: string;
  expiresAt: number;
}

/** Keeps a link's code (the last link followed wins); answers whether it had the shape of one. */
export function keepReferralCode(code: string, now = Date.now(), storage: Storage = localStorage): boolean {
  const normalized = code.trim().toUpperCase();
  if (!CODE.test(normalized)) return false;
  try {
    storage.setItem(KEY, JSON.stringify({ code: normalized, expiresAt: now + REFERRAL_KEEP_DAYS * 86_400_000 } satisfies Stored));
  } catch {
    // Storage full or turned off: the visitor books without the code.
  }
  return true;
}

/** The kept code, unless it has expired (then it is removed) or storage holds something else. */
export function referralCode(now = Date.now(), storage: Storage = localStorage): string | undefined {
  try {
    const stored = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<Stored> | null;
    if (!stored) return undefined;
    if (typeof stored.code === 'string' && CODE.test(stored.code) && typeof stored.expiresAt === 'number' && stored.expiresAt > now) return stored.code;
    storage.removeItem(KEY);
  } catch {
    // Unreadable: as if none.
  }
  return undefined;
}

/** Forgets the code: the booking made with it, or the customer dropped it. */
export function forgetReferralCode(storage: Storage = localStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing was kept either.
  }
}
