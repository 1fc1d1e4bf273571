import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { BasicStrategy } from 'passport-http';
import { AdminAuthenticator, type AdminPrincipal } from './admin-authenticator.js';
import { parseBasicHeader } from './admin-credentials.js';

export const ADMIN_STRATEGY = 'admin-basic';
export const ADMIN_REALM = 'Prestige Limo Admin';

/** passport-http's Basic strategy, verified by the AdminAuthenticator. */
@Injectable()
export class AdminBasicStrategy extends PassportStrategy(BasicStrategy, ADMIN_STRATEGY) {
  constructor(private readonly authenticator: AdminAuthenticator) {
    super({ passReqToCallback: true, realm: ADMIN_REALM });
  }

  async validate(req: Request, username: string, password: string): Promise<AdminPrincipal | false> {
    // Re-read the header: passport-http drops everything after a second colon in the password.
    const full = parseBasicHeader(req.headers.authorization) ?? { username, password };
    return (await this.authenticator.authenticate(req.ip ?? 'unknown', full.username, full.password)) ?? false;
  }
}
