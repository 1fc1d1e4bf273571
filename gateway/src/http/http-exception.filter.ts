import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { bodyErrorOf } from './body-errors.js';

/**
 * Every error leaves as `{statusCode, message}` JSON. Unexpected errors are logged and become a
 * 500 with a generic message, so no internal detail (or secret) reaches the client.
 */
/** Set on every error: a handler may have set another type (a CSV, the metrics) before it failed. */
const JSON_TYPE = 'application/json; charset=utf-8';

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly log = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof HttpException) {
      // A body Fastify refused before any handler ran (Nest hands its error over with it as the cause).
      const refused = bodyErrorOf(exception.cause);
      if (refused) {
        response.code(refused.status).type(JSON_TYPE).send({ statusCode: refused.status, message: refused.message });
        return;
      }
      const status = exception.getStatus();
      const body = exception.getResponse();
      // Only the API's error shape leaves (ApiErrorBody): Nest's own exceptions, such as the 404
      // for an unknown path, would add an `error` field the spec's format does not have.
      const { message, errors } = (typeof body === 'string' ? { message: body } : body) as { message?: unknown; errors?: unknown };
      const payload = {
        statusCode: status,
        message: flattenMessage(message, exception.message),
        ...(Array.isArray(errors) ? { errors } : {}),
      };
      for (const [name, value] of Object.entries(headersOf(exception))) response.header(name, value);
      response.code(status).type(JSON_TYPE).send(payload);
      return;
    }
    this.log.error(`unhandled error: ${(exception as Error)?.stack ?? String(exception)}`);
    response.code(500).type(JSON_TYPE).send({ statusCode: 500, message: 'Internal server error' });
  }
}

function flattenMessage(message: unknown, fallback: string): string {
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : fallback;
}

/** Lets an exception carry response headers (Retry-After, WWW-Authenticate). */
export class HttpExceptionWithHeaders extends HttpException {
  constructor(status: number, message: string, readonly headers: Record<string, string>) {
    super({ statusCode: status, message }, status);
  }
}

function headersOf(exception: HttpException): Record<string, string> {
  return exception instanceof HttpExceptionWithHeaders ? exception.headers : {};
}
