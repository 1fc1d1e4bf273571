import { Catch, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { throwError, type Observable } from 'rxjs';

/**
 * Hands handler errors to our transports as they are. Nest's default RPC filter turns every
 * unexpected error into `{status: 'error', message: 'Internal server error'}`: the transports
 * already map errors to replies (keeping details out of them) and need the original to log it
 * and, for events, to roll the transaction back. HTTP errors (health, metrics) keep Nest's way.
 */
@Catch()
export class RethrowRpcErrors extends BaseExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    if (host.getType() === 'rpc') return throwError(() => exception);
    return super.catch(exception, host);
  }
}
