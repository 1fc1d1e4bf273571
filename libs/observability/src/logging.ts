import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { DestinationStream, LoggerOptions } from 'pino';
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

/** The URL without its query string: a query can carry a token (tracking links) or personal data. */
const pathOnly = (url: string | undefined) => (url ?? '').split('?')[0];

/** nestjs-pino's module parameters: one line per HTTP request, with method, path and status only. */
export function loggerParams(options: LoggingOptions, exclude: (path: string) => boolean = () => false): Params {
  const http = {
    ...pinoOptions(options),
    genReqId: (req: IncomingMessage) => currentRequestId() ?? String(req.headers['x-request-id'] ?? ''),
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOnly(req.url) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    autoLogging: { ignore: (req: IncomingMessage) => exclude(pathOnly(req.url)) },
    quietReqLogger: true,
  } as const;
  return {
    pinoHttp: options.destination ? [http, options.destination] : http,
    // A line per NATS request and per event handled, at debug level (LOG_LEVEL=debug shows them),
    // under the request id the transport put in place.
    microservice: {
      // Answers a service gives on purpose (4xx: not found, conflict, ...) are routine, not errors.
      customLogLevel: (_context, error) => (!error || isClientError(error) ? 'debug' : 'error'),
      genReqId: () => currentRequestId() ?? 'none',
      quietRpcLogger: true,
      quietResLogger: true,
    },
  };
}
