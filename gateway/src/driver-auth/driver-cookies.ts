import type { CookieOptions, Request, Response } from 'express';
import { KnownDevice } from '../auth/known-device.js';

/** The session cookie: a random token, httpOnly, SameSite=Strict (decisions.md). */
export const DRIVER_COOKIE = 'limo_driver';
/** The known-device cookie of driver sign-in (see LoginThrottle). */
export const DRIVER_DEVICE_COOKIE = 'limo_driver_device';

/** Secure whenever the request came over TLS (directly or from a trusted proxy). */
const base = (req: Request): CookieOptions => ({ httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/' });

export function setSessionCookie(req: Request, res: Response, token: string, hours: number): void {
  res.cookie(DRIVER_COOKIE, token, { ...base(req), maxAge: hours * 3_600_000 });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(DRIVER_COOKIE, base(req));
}

export function setDeviceCookie(req: Request, res: Response, value: string): void {
  res.cookie(DRIVER_DEVICE_COOKIE, value, { ...base(req), maxAge: KnownDevice.MAX_AGE_DAYS * 86_400_000 });
}
