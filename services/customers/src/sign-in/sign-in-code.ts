import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { SIGN_IN_CODE } from '@limo/contracts';

/*
 * The sign-in code's rules (decisions.md: 6 digits, 10 minutes, 5 tries), as plain functions.
 */

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: { N: number }) => Promise<Buffer>;

/**
 * scrypt, not a plain hash: a million codes are quick to try against a SHA-256, while at this cost
 * (about 30 ms each) trying them all against a stolen row takes hours, long after the code expired.
 */
const SCRYPT_COST = 2 ** 14;
const KEY_LENGTH = 32;

/** A new code: 6 random digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** SIGN_IN_CODE.digits)).padStart(SIGN_IN_CODE.digits, '0');
}

export interface HashedCode {
  codeHash: string;
  salt: string;
}

export async function hashCode(code: string, salt = randomBytes(16).toString('base64url')): Promise<HashedCode> {
  const key = await scryptAsync(code, Buffer.from(salt, 'base64url'), KEY_LENGTH, { N: SCRYPT_COST });
  return { codeHash: key.toString('base64url'), salt };
}

export async function codeMatches(code: string, stored: HashedCode): Promise<boolean> {
  const { codeHash } = await hashCode(code, stored.salt);
  const expected = Buffer.from(stored.codeHash, 'base64url');
  const given = Buffer.from(codeHash, 'base64url');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const codeExpiry = (now: Date) => new Date(now.getTime() + SIGN_IN_CODE.validMinutes * 60_000);

export interface StoredCode {
  expiresAt: Date;
  tries: number;
}

/** Whether a stored code may still be tried: not expired and not burnt by its wrong tries. */
export function codeUsable(code: StoredCode, now: Date): boolean {
  return code.expiresAt.getTime() > now.getTime() && code.tries < SIGN_IN_CODE.maxTries;
}
