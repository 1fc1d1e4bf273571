import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionToken } from '@limo/contracts';
import { clearCookie, cookieBase, setCookie } from '../http/cookies.js';

/** The customer's session cookie, apart from the driver's (`limo_driver`) and the admin's Basic auth. */
const CUSTOMER_COOKIE = 'limo_customer';

/**
 * SameSite=Lax, not Strict like the driver's: a customer arrives at /account from the link in
 * their email, and a Strict cookie would not come along on that first visit. Lax still keeps it
 * off cross-site POSTs.
 */
const customerCookie = (req: FastifyRequest) => ({ ...cookieBase(req), sameSite: 'lax' as const });

/**
 * A second cookie, readable by the web app and holding no secret ("1"), that lives as long as the
 * session's: the public pages ask GET /api/account only when it (or the app's own note) says this
 * browser signed in, so a visitor's page makes no request that fails 401, and a signed-in
 * customer is recognised even where the browser cleared the app's storage but kept its cookies.
 */
const SIGNED_IN_COOKIE = 'limo_signed_in';
const signedInCookie = (req: FastifyRequest) => ({ ...customerCookie(req), httpOnly: false });

export function setCustomerCookie(req: FastifyRequest, res: FastifyReply, token: string, expiresAt: string): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  setCookie(res, CUSTOMER_COOKIE, token, { ...customerCookie(req), maxAge });
  setCookie(res, SIGNED_IN_COOKIE, '1', { ...signedInCookie(req), maxAge });
}

export function clearCustomerCookie(req: FastifyRequest, res: FastifyReply): void {
  clearCookie(res, CUSTOMER_COOKIE, customerCookie(req));
  clearCookie(res, SIGNED_IN_COOKIE, signedInCookie(req));
}

/** The cookie's token, when it has the shape of one (anything else is no session). */
export function customerToken(req: FastifyRequest): string | undefined {
  const token = ((req.cookies ?? {}) as Record<string, string>)[CUSTOMER_COOKIE];
  return SessionToken.safeParse(token).success ? token : undefined;
}
