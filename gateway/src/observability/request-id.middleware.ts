import { AsyncResource } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { currentRequestId, REQUEST_ID_HEADER, runWithRequestId } from '@limo/observability';

const CONTEXT = Symbol('limo.requestContext');
type WithContext = FastifyRequest & { [CONTEXT]?: AsyncResource };

/**
 * Gives every request its id (the caller's `x-request-id` when it is fit, else a new one), echoes
 * it in the response and keeps it for the rest of the request: log lines, NATS calls and the
 * events they cause all carry it. The web app's hashed files are not echoed one: nothing is
 * traced through them, and the header was a tenth of the bytes of the smallest of them.
 */
export function startRequestContext(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  runWithRequestId(request.headers[REQUEST_ID_HEADER], () => {
    // Fastify reads a body from the socket's events, which run outside this context: the
    // resource carries it over to the handler (see restoreRequestContext).
    (request as WithContext)[CONTEXT] = new AsyncResource('limo.request');
    // On Node's response, so answers written past Fastify's reply (event streams) carry it too.
    if (!request.url.startsWith('/assets/')) reply.raw.setHeader(REQUEST_ID_HEADER, currentRequestId()!);
    done();
  });
}

/** A preValidation hook: the rest of the request (guards, handler) runs in its context again. */
export function restoreRequestContext(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const context = (request as WithContext)[CONTEXT];
  if (context) context.runInAsyncScope(done);
  else done();
}
