import { randomInt } from 'node:crypto';
import { REFER_AND_FLY, referralTierOf } from '@limo/contracts';

/*
 * The rules of Refer & Fly (decisions.md) free of the database, so they are tested alone.
 */

/** Letters and digits nobody misreads from a screen or a card: no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A random referral code: 8 characters of 31, about 8.5·10^11 codes, so a clash is rare (and retried). */
export const newReferralCode = (pick: (max: number) => number = randomInt): string =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[pick(CODE_ALPHABET.length)]).join('');

/** A phone as its digits, without the North American country code: "+1 (310) 555-0100" is "3105550100". */
export const phoneDigits = (phone: string | null | undefined): string => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
};

/**
 * The friend as the referrer's ledger names them: the first letter of the email and its domain
 * ("j***@example.com"). The referrer shared the link, but the friend's address is the friend's.
 */
export const maskedEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
};

/**
 * A customer cannot refer themselves: the booking's email is the referrer's, or its phone one of
 * the referrer's (the account's saved phone, or one their bookings were made with: a saved phone
 * alone could be changed or left out).
 */
export function isOwnReferral(referrer: { email: string; phones: string[] }, booking: { email: string; phone: string }): boolean {
  if (referrer.email.toLowerCase() === booking.email.toLowerCase()) return true;
  const phone = phoneDigits(booking.phone);
  return phone !== '' && referrer.phones.some((known) => phoneDigits(known) === phone);
}

/** A referrer's standing after `referrals` successful referrals: their tier, what the next one earns, the next tier. */
export function referralStanding(referrals: number) {
  const next = referralTierOf(referrals + 1);
  const nextTier = REFER_AND_FLY.tiers.find((tier) => tier.from > referrals && tier.name !== referralTierOf(referrals).name) ?? null;
  return {
    tier: referralTierOf(referrals).name,
    nextReferralCredit: next.credit,
    nextTier: nextTier ? { name: nextTier.name, from: nextTier.from } : null,
  };
}
