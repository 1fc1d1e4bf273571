import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The weak ETag of a body as sent: a hash of its bytes. */
export const weakEtagOf = (body: string | Buffer): string => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 13.1.2). */
export function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

/**
 * A Fastify onSend hook giving every successful GET answer a weak ETag when it has none of its
 * own (Express did this for every body), and answering 304 to a client that already has it
 * (a tag the handler set included, such as the encoded answers').
 * Written here rather than with @fastify/etag, which also turned a 404 or an error body into a
 * 304 when the tag matched, and hashed answers to POSTs that no one revalidates.
 */
export function weakEtags(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload?: unknown) => void): void {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return done(null, payload);
  let etag = reply.getHeader('etag') as string | undefined;
  if (etag === undefined) {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    etag = weakEtagOf(payload);
    reply.header('ETag', etag);
  }
  if (!matchesTag(request.headers['if-none-match'], etag)) return done(null, payload);
  reply.code(304);
  done(null, '');
}
