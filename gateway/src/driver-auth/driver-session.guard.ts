import { ForbiddenException, Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Reflector } from '@nestjs/core';
import { DRIVER_MESSAGES } from '@limo/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { DRIVER_COOKIE, setSessionCookie } from './driver-cookies.js';
import { DRIVER_ONLY, PASSWORD_CHANGE_ALLOWED, type DriverRequest } from './driver-only.decorator.js';
import { DriverSessionStore } from './driver-session.store.js';

/**
 * The global guard of driver routes: a @DriverOnly() route needs a live session cookie (401
 * otherwise, whatever Authorization header comes along), and until the temporary password is
 * changed only the routes marked @BeforePasswordChange() answer (403 'Password change required').
 */
@Injectable()
export class DriverSessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: DriverSessionStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(DRIVER_ONLY, targets) !== true) return true;
    const req = context.switchToHttp().getRequest<DriverRequest>();
    const token = (req.cookies as Record<string, string> | undefined)?.[DRIVER_COOKIE];
    const session = token ? await this.sessions.touch(token) : null;
    if (!token || !session) throw new UnauthorizedException({ statusCode: 401, message: DRIVER_MESSAGES.signInRequired });
    if (session.mustChangePassword && this.reflector.getAllAndOverride<boolean>(PASSWORD_CHANGE_ALLOWED, targets) !== true) {
      throw new ForbiddenException({ statusCode: 403, message: DRIVER_MESSAGES.passwordChangeRequired });
    }
    req.driver = { driverId: session.driverId, mustChangePassword: session.mustChangePassword, token };
    // The cookie slides with the session, so an active driver is never signed out by the browser.
    setSessionCookie(req, context.switchToHttp().getResponse<FastifyReply>(), token, this.config.DRIVER_SESSION_HOURS);
    return true;
  }
}
