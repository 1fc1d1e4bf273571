import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { HttpExceptionWithHeaders } from './http-exception.filter.js';
import { rawBodyRouteOf, readRawBody } from './raw-body.js';

const UNSUPPORTED_BODY_MESSAGE = 'Unsupported Media Type: request bodies must be application/json';

/**
 * The API reads JSON bodies only (up to BODY_LIMIT; beyond it the JSON parser answers 413). Any
 * other body (a form, text, a file, JSON sent without its media type) is refused with a 415
 * before it is read, instead of reaching a handler as "no body" and failing validation with a
 * message about missing fields. A request without a body passes, whatever its Content-Type says
 * (an empty application/json body is read as `{}`, as clients send with a body-less POST). JSON is
 * parsed by Fastify's own parser (with its prototype-poisoning checks); its text/plain parser is
 * removed and every other type lands in the catch-all parser below, which reads the body as bytes
 * only for a route marked @RawBody (the driver photo upload).
 */
export function jsonBodiesOnly(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // As Express's JSON parser did: validation then names every missing field.
    if (body.length === 0) return done(null, {});
    parseJson(request, body as string, done);
  });
  fastify.addContentTypeParser('*', (request, payload, done) => {
    if (!hasBody(request.raw)) return done(null, undefined);
    const raw = rawBodyRouteOf(request);
    if (raw) return readRawBody(payload, raw, done);
    done(new HttpExceptionWithHeaders(415, UNSUPPORTED_BODY_MESSAGE, {}), undefined);
  });
}

/** As Node sees it: a body is announced by a non-zero Content-Length or by Transfer-Encoding. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
