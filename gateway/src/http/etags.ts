import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
 * own (Express did this for every body), and answering 304 to a client that already has it.
 * Written here rather than with @fastify/etag, which also turned a 404 or an error body into a
 * 304 when the tag matched, and hashed answers to POSTs that no one revalidates.
 */
export function weakEtags(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload?: unknown) => void): void {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return done(null, payload);
  let etag = reply.getHeader('etag') as string | undefined;
  if (etag === undefined) {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('ETag', etag);
  }
  if (!matchesTag(request.headers['if-none-match'], etag)) return done(null, payload);
  reply.code(304);
  done(null, '');
}
