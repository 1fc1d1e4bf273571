import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { ADMIN_ONLY } from './admin-only.decorator.js';
import { ADMIN_OPTIONAL } from './admin-optional.decorator.js';
import { ADMIN_REALM, ADMIN_STRATEGY, setIssuedDeviceCookie } from './admin-basic.strategy.js';

const ADMIN_PATH_PREFIX = '/api/admin/';

export const ADMIN_AUTH_REQUIRED = 'Admin authentication required: invalid or missing credentials';

/** Every path under /api/admin/ is admin-only, marked or not. */
export const isAdminPath = (path: string) => path === '/api/admin' || path.startsWith(ADMIN_PATH_PREFIX);

/**
 * The global guard: routes marked @AdminOnly() and every /api/admin/ path need valid admin Basic
 * credentials; @AdminOptional() routes check them only when sent. Unlike Nest's AuthGuard, a
 * refusal carries `WWW-Authenticate: Basic`.
 */
@Injectable()
export class AdminAuthGuard extends AuthGuard(ADMIN_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const adminOnly = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) === true || isAdminPath(req.routeOptions.url ?? '');
    const optional = this.reflector.getAllAndOverride<boolean>(ADMIN_OPTIONAL, targets) === true;
    if (!adminOnly && !(optional && req.headers.authorization)) return true;
    const allowed = (await super.canActivate(context)) as boolean;
    if (allowed) setIssuedDeviceCookie(req, context.switchToHttp().getResponse<FastifyReply>());
    return allowed;
  }

  override handleRequest<T>(error: unknown, user: T, _info?: unknown, context?: ExecutionContext): T {
    if (error) throw error;
    if (!user) {
      // The web app's own calls (X-Requested-With) get no Basic challenge: with one, the browser
      // opens its native login prompt over the app's own login page (and, in headless runs,
      // holds the request waiting for credentials), then keeps sending what was typed there
      // even after the admin logs out.
      const req = context?.switchToHttp().getRequest<FastifyRequest>();
      const fromApp = req?.headers['x-requested-with'] === 'XMLHttpRequest';
      throw new HttpExceptionWithHeaders(
        401,
        ADMIN_AUTH_REQUIRED,
        fromApp ? {} : { 'WWW-Authenticate': `Basic realm="${ADMIN_REALM}", charset="UTF-8"` },
      );
    }
    return user;
  }
}
