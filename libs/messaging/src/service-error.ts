import { RpcException } from '@nestjs/microservices';
import type { FieldError } from '@limo/contracts';
import { isConnectionLoss } from '@limo/database';

/**
 * An error a service handler throws on purpose. It reaches the HTTP client with this status and
 * message; anything else thrown becomes a logged 500 with a generic message.
 */
export class ServiceError extends RpcException {
  constructor(
    readonly status: number,
    message: string,
    /** The fields at fault, named as in the request body (the client shows each beside its field). */
    readonly errors?: FieldError[],
  ) {
    super(errors ? { status, message, errors } : { status, message });
  }
}

export const notFound = (message: string) => new ServiceError(404, message);
export const badRequest = (message: string) => new ServiceError(400, message);
/** A 400 naming the one field whose value the service refused (a rule the schema alone cannot check). */
export const fieldError = (path: string, message: string) => new ServiceError(400, message, [{ path, message }]);
export const conflict = (message: string) => new ServiceError(409, message);
export const unprocessable = (message: string) => new ServiceError(422, message);

/** What a caller is told when the service lost its database connection mid-request: try again. */
export const DATABASE_UNAVAILABLE = 'The service could not reach its database; please try again';

/**
 * Reads `{status, message}` out of whatever a handler's observable errored with. A lost database
 * connection (a restart, a terminated connection) is a 503 the client may retry, not a 500.
 */
export function toErrorReply(error: unknown): { status: number; message: string; errors?: FieldError[] } {
  const candidate = (error instanceof RpcException ? error.getError() : error) as
    | { status?: unknown; message?: unknown; errors?: FieldError[] }
    | undefined;
  if (
    candidate &&
    typeof candidate.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status <= 599 &&
    typeof candidate.message === 'string'
  ) {
    return { status: candidate.status, message: candidate.message, ...(Array.isArray(candidate.errors) ? { errors: candidate.errors } : {}) };
  }
  if (isConnectionLoss(error)) return { status: 503, message: DATABASE_UNAVAILABLE };
  return { status: 500, message: 'Internal server error' };
}
