import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BasicStrategy } from 'passport-http';
import { cookieBase, setCookie } from '../http/cookies.js';
import { AdminAuthenticator, type AdminPrincipal } from './admin-authenticator.js';
import { parseBasicHeader } from './admin-credentials.js';
import { KnownDevices } from './known-devices.js';

/** The known-device cookie of admin sign-in (see LoginThrottle). */
const ADMIN_DEVICE_COOKIE = 'limo_admin_device';

export const ADMIN_STRATEGY = 'admin-basic';

const NEW_DEVICE = Symbol('limo.newAdminDevice');
type AdminRequest = FastifyRequest & { [NEW_DEVICE]?: string };

/**
 * Sets the known-device cookie the strategy issued for this request, if it did: passport hands a
 * strategy the request only, so the guard, which has the reply, sets it.
 */
export function setIssuedDeviceCookie(req: FastifyRequest, reply: FastifyReply): void {
  const issued = (req as AdminRequest)[NEW_DEVICE];
  if (issued) setCookie(reply, ADMIN_DEVICE_COOKIE, issued, { ...cookieBase(req), maxAge: KnownDevices.MAX_AGE_DAYS * 86_400 });
}
export const ADMIN_REALM = 'Prestige Limo Admin';

/** passport-http's Basic strategy, verified by the AdminAuthenticator. */
@Injectable()
export class AdminBasicStrategy extends PassportStrategy(BasicStrategy, ADMIN_STRATEGY) {
  constructor(private readonly authenticator: AdminAuthenticator) {
    super({ passReqToCallback: true, realm: ADMIN_REALM });
  }

  async validate(req: FastifyRequest, username: string, password: string): Promise<AdminPrincipal | false> {
    // Re-read the header: passport-http drops everything after a second colon in the password.
    const full = parseBasicHeader(req.headers.authorization) ?? { username, password };
    const signIn = await this.authenticator.authenticate(req.ip ?? 'unknown', full.username, full.password, req.cookies?.[ADMIN_DEVICE_COOKIE]);
    // From now on this browser is a known device for this admin (see setIssuedDeviceCookie).
    if (signIn?.newDevice) (req as AdminRequest)[NEW_DEVICE] = signIn.newDevice;
    return signIn?.admin ?? false;
  }
}
