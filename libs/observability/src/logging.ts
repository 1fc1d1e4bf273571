import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import { currentRequestId } from './request-context.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoggingOptions {
  /** Written into every line as `service`. */
  service: string;
  level: LogLevel;
  /** Human-readable lines (development); JSON otherwise. */
  pretty: boolean;
  /** Where JSON lines go instead of stdout (tests capture them). */
  destination?: DestinationStream;
}

/**
 * Secrets never reach a log line: credentials are dropped from anything logged under these
 * paths, and requests are logged by the serializers below, which leave headers and bodies out.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.temporaryPassword',
  '*.passwordHash',
  '*.token',
];

/** pino's options for a service or the gateway: JSON lines with the request id in every one. */
export function pinoOptions(options: LoggingOptions): LoggerOptions {
  return {
    name: options.service,
    level: options.level,
    base: { service: options.service, pid: process.pid },
    messageKey: 'msg',
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    transport: options.pretty && !options.destination ? { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname' } } : undefined,
  };
}

/** An error a handler threw on purpose with a 4xx status (ServiceError and the like). */
function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown; error?: { status?: unknown } })?.status ?? (error as { error?: { status?: unknown } })?.error?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

const asIs = <T>(value: T): T => value;

/** The URL without its query string: a query can carry a token (tracking links) or personal data. */
const pathOnly = (url: string | undefined) => (url ?? '').split('?')[0];

/**
 * One line per HTTP request: method, path (never the query), status and milliseconds, at info,
 * warn for a 4xx and error for a 5xx, with the request id. Written when the answer has gone, or
 * when the client left before it ended (a closed event stream, a client that gave up).
 *
 * Our own instead of pino-http's: for every request pino-http made two child loggers, a request
 * id and a full serialisation of the request (headers, address, ...) before our serializer kept
 * two fields of it, which was a quarter of the gateway's CPU on a cached GET (docs/performance.md).
 * The id is read when the request arrives: the 'close' event may run outside its context.
 */
export function accessLog<Levels extends string>(logger: Logger<Levels>, exclude: (path: string) => boolean = () => false) {
  // The application's logger is pino-http's, whose serializers expect Node's request and
  // response objects under `req` and `res`: these lines carry plain fields there instead.
  const log = logger.child({}, { serializers: { req: asIs, res: asIs } });
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const path = pathOnly(req.url);
    if (exclude(path)) return next();
    const started = performance.now();
    const requestId = currentRequestId();
    // Node emits 'close' on every response: after the answer went out, or when the client left.
    res.once('close', () => {
      const status = res.statusCode;
      const fields = { requestId, req: { method: req.method, path }, res: { statusCode: status }, responseTime: Math.round(performance.now() - started) };
      if (!res.writableFinished) log[res.headersSent ? 'info' : 'warn'](fields, 'request closed by the client before its answer ended');
      else log[status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info'](fields, 'request completed');
    });
    next();
  };
}

/**
 * nestjs-pino's module parameters: the application's pino logger (request id in every line) for
 * Nest's own logging and the handlers' loggers. `useExisting` keeps nestjs-pino from mounting
 * pino-http: requests are logged by `accessLog` above, mounted by the application.
 */
export function loggerParams(options: LoggingOptions): Params {
  const http = pinoOptions(options);
  return {
    pinoHttp: options.destination ? [http, options.destination] : http,
    useExisting: true,
    // Nor its per-request logger context, which only PinoLogger.assign would use: the request id
    // reaches every line through the mixin.
    forRoutes: [],
    // A line per NATS request and per event handled, at debug level (LOG_LEVEL=debug shows them),
    // under the request id the transport put in place. Only mounted when those lines can show:
    // the hook makes two child loggers per message whatever the level (docs/performance.md).
    ...(options.level === 'debug' || options.level === 'trace' ? { microservice: rpcLogging } : {}),
  };
}

const rpcLogging: NonNullable<Params['microservice']> = {
  // Answers a service gives on purpose (4xx: not found, conflict, ...) are routine, not errors.
  customLogLevel: (_context, error) => (!error || isClientError(error) ? 'debug' : 'error'),
  genReqId: () => currentRequestId() ?? 'none',
  quietRpcLogger: true,
  quietResLogger: true,
};
