import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/*
 * Links sent to customers (manage a booking, follow the chauffeur): the token names one booking
 * and what it opens, signed with HMAC-SHA256 under LINK_SIGNING_SECRET, which the notifications
 * service (signing) and the gateway (checking) share. Node only: not exported to the web app.
 */

export type LinkPurpose = 'manage' | 'track';

export interface LinkClaims {
  purpose: LinkPurpose;
  bookingId: number;
  /** Epoch seconds after which the link no longer opens anything. */
  expiresAt: number;
}

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function signLink(claims: LinkClaims, secret: string): string {
  const payload = Buffer.from(`${claims.purpose}.${claims.bookingId}.${claims.expiresAt}`).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The claims of a genuine, unexpired token for that purpose; null for anything else. */
export function verifyLink(token: string, purpose: LinkPurpose, secret: string, now = Date.now()): LinkClaims | null {
  if (typeof token !== 'string' || token.length > 512) return null;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [kind, id, expires] = Buffer.from(payload, 'base64url').toString().split('.');
  const claims = { purpose: kind as LinkPurpose, bookingId: Number(id), expiresAt: Number(expires) };
  if (claims.purpose !== purpose || !Number.isSafeInteger(claims.bookingId) || !(claims.expiresAt * 1000 > now)) return null;
  return claims;
}

/**
 * LINK_SIGNING_SECRET as the signer and the checker read it: required in every environment (a
 * default would be a value anyone can read here); `npm start` makes one (var/dev-secrets.json).
 */
export const LinkSigningSecret = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string({ error: 'LINK_SIGNING_SECRET must be set: 32 characters or more, the same for the notifications service and the gateway (npm start makes one)' })
    .min(32, 'LINK_SIGNING_SECRET must have at least 32 characters'),
);
