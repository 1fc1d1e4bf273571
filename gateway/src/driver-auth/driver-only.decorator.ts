import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export const DRIVER_ONLY = 'limo:driverOnly';
export const PASSWORD_CHANGE_ALLOWED = 'limo:passwordChangeAllowed';

/** A route for a signed-in driver (the session cookie); admin credentials do not open it. */
export const DriverOnly = () => SetMetadata(DRIVER_ONLY, true);

/** A driver route that works before the temporary password is changed (the change itself, logout). */
export const BeforePasswordChange = () => SetMetadata(PASSWORD_CHANGE_ALLOWED, true);

export interface SignedInDriver {
  driverId: number;
  mustChangePassword: boolean;
  /** The session's token (from the cookie), to end or update this session. */
  token: string;
}

export interface DriverRequest extends FastifyRequest {
  driver?: SignedInDriver;
}

/** The signed-in driver of a @DriverOnly() route. */
export const CurrentDriver = createParamDecorator((_: unknown, ctx: ExecutionContext): SignedInDriver => {
  const driver = ctx.switchToHttp().getRequest<DriverRequest>().driver;
  if (!driver) throw new Error('@CurrentDriver() used on a route without @DriverOnly()');
  return driver;
});
