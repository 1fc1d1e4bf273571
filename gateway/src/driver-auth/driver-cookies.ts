import type { FastifyReply, FastifyRequest } from 'fastify';
import { KnownDevices } from '../auth/known-devices.js';
import { clearCookie, cookieBase, setCookie } from '../http/cookies.js';

/** The session cookie: a random token, httpOnly, SameSite=Strict (decisions.md). */
export const DRIVER_COOKIE = 'limo_driver';
/** The known-device cookie of driver sign-in (see LoginThrottle). */
export const DRIVER_DEVICE_COOKIE = 'limo_driver_device';

/** Cookie lifetimes are in seconds. */
const HOUR_S = 3600;

export function setSessionCookie(req: FastifyRequest, res: FastifyReply, token: string, hours: number): void {
  setCookie(res, DRIVER_COOKIE, token, { ...cookieBase(req), maxAge: Math.round(hours * HOUR_S) });
}

export function clearSessionCookie(req: FastifyRequest, res: FastifyReply): void {
  clearCookie(res, DRIVER_COOKIE, cookieBase(req));
}

export function setDeviceCookie(req: FastifyRequest, res: FastifyReply, value: string): void {
  setCookie(res, DRIVER_DEVICE_COOKIE, value, { ...cookieBase(req), maxAge: KnownDevices.MAX_AGE_DAYS * 24 * HOUR_S });
}
