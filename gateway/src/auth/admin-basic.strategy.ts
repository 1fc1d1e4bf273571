import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { BasicStrategy } from 'passport-http';
import { cookieSecretOf, GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { AdminAuthenticator, type AdminPrincipal } from './admin-authenticator.js';
import { parseBasicHeader } from './admin-credentials.js';
import { KnownDevice } from './known-device.js';

/** The known-device cookie of admin sign-in (see LoginThrottle). */
export const ADMIN_DEVICE_COOKIE = 'limo_admin_device';

export const ADMIN_STRATEGY = 'admin-basic';
export const ADMIN_REALM = 'Prestige Limo Admin';

/** passport-http's Basic strategy, verified by the AdminAuthenticator. */
@Injectable()
export class AdminBasicStrategy extends PassportStrategy(BasicStrategy, ADMIN_STRATEGY) {
  private readonly devices: KnownDevice;

  constructor(
    private readonly authenticator: AdminAuthenticator,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    super({ passReqToCallback: true, realm: ADMIN_REALM });
    this.devices = new KnownDevice(cookieSecretOf(config));
  }

  async validate(req: Request, username: string, password: string): Promise<AdminPrincipal | false> {
    // Re-read the header: passport-http drops everything after a second colon in the password.
    const full = parseBasicHeader(req.headers.authorization) ?? { username, password };
    const cookie = (req.cookies as Record<string, string> | undefined)?.[ADMIN_DEVICE_COOKIE];
    const known = this.devices.vouchesFor(cookie, full.username);
    const admin = await this.authenticator.authenticate(req.ip ?? 'unknown', full.username, full.password, known);
    if (admin && !known) {
      // From now on this browser is a known device for this admin.
      req.res?.cookie(ADMIN_DEVICE_COOKIE, this.devices.issue(full.username), {
        httpOnly: true,
        sameSite: 'strict',
        secure: req.secure,
        path: '/',
        maxAge: KnownDevice.MAX_AGE_DAYS * 86_400_000,
      });
    }
    return admin ?? false;
  }
}
