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

export function setCustomerCookie(req: FastifyRequest, res: FastifyReply, token: string, expiresAt: string): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  setCookie(res, CUSTOMER_COOKIE, token, { ...customerCookie(req), maxAge });
}

export function clearCustomerCookie(req: FastifyRequest, res: FastifyReply): void {
  clearCookie(res, CUSTOMER_COOKIE, customerCookie(req));
}

/** The cookie's token, when it has the shape of one (anything else is no session). */
export function customerToken(req: FastifyRequest): string | undefined {
  const token = ((req.cookies ?? {}) as Record<string, string>)[CUSTOMER_COOKIE];
  return SessionToken.safeParse(token).success ? token : undefined;
}
