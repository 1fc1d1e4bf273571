import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { applyDecorators, SetMetadata } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { HttpExceptionWithHeaders } from './http-exception.filter.js';

/** A route that reads its body as bytes (a photo), with its own size limit. */
export interface RawBodyRoute {
  /** Largest body in bytes; a larger one is refused with 413 and `tooLarge`. */
  limit: number;
  tooLarge: string;
  /** What the body is, for the API document (`image/*`). */
  mediaType: string;
  /**
   * For a route that needs credentials: a request without an Authorization header is answered 401
   * with this message before its body is read (the guard, which checks them, runs after the body
   * is read: without this, anyone could make the gateway hold `limit` bytes per request).
   */
  unauthorized?: string;
}

const RAW_BODY = 'limo:rawBody';

/**
 * Marks a route as reading its body as a Buffer (`@Body()`), whatever its Content-Type but JSON:
 * the handler decides what the bytes are (a photo is checked by decoding it, not by its header).
 * Every other route keeps reading JSON only (json-bodies-only.ts), with the gateway's BODY_LIMIT.
 * Read by jsonBodiesOnly through the route's Fastify config, and by the API document.
 */
export const RawBody = (route: RawBodyRoute) => applyDecorators(RouteConfig({ rawBody: route }), SetMetadata(RAW_BODY, route));

export const rawBodyOf = (handler: object): RawBodyRoute | undefined => Reflect.getMetadata(RAW_BODY, handler);

export const rawBodyRouteOf = (request: FastifyRequest): RawBodyRoute | undefined =>
  (request.routeOptions.config as { rawBody?: RawBodyRoute } | undefined)?.rawBody;

/**
 * Reads a body up to the route's limit: one announced larger is refused before it is read, one
 * that grows past the limit (chunked) as soon as it does.
 */
export function readRawBody(body: IncomingMessage, route: RawBodyRoute, done: (error: Error | null, body?: Buffer) => void): void {
  if (route.unauthorized && !body.headers.authorization) return done(new HttpExceptionWithHeaders(401, route.unauthorized, {}));
  const tooLarge = () => new HttpExceptionWithHeaders(413, route.tooLarge, {});
  if (Number(body.headers['content-length']) > route.limit) {
    lingerBeforeClosing(body.socket);
    return done(tooLarge());
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > route.limit) {
      stop();
      lingerBeforeClosing(body.socket);
      done(tooLarge());
    } else chunks.push(chunk);
  };
  const onEnd = () => {
    stop();
    done(null, Buffer.concat(chunks));
  };
  const onError = (error: Error) => {
    stop();
    done(error);
  };
  const stop = () => {
    body.off('data', onData);
    body.off('end', onEnd);
    body.off('error', onError);
  };
  body.on('data', onData);
  body.on('end', onEnd);
  body.on('error', onError);
}

/** How long a connection answered early keeps discarding what the client still sends. */
const LINGER_MS = 2_000;

/**
 * The gateway answers 413 while the client is still sending and Fastify then closes the
 * connection. Closing a socket with unread bytes makes the kernel send a reset, which can destroy
 * the answer in the client's buffers before it is read: the client sees "connection reset" instead
 * of "Photo must be at most 5 MB". Like nginx's lingering_close: once the answer is written, the
 * socket is half-closed and what still arrives is read and dropped (nothing is kept) until the
 * client stops or LINGER_MS pass.
 */
function lingerBeforeClosing(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
  };
}
