import type { SerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Our cookies: httpOnly, SameSite=Strict, Secure whenever the request came over TLS (directly or from a trusted proxy). */
export const cookieBase = (req: FastifyRequest): SerializeOptions => ({ httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', path: '/' });

/**
 * Adds a Set-Cookie header to the reply at once. @fastify/cookie's reply.setCookie waits for
 * Fastify's onSend hook, which an event stream (Nest's @Sse writes its head on Node's response
 * itself) never reaches: the driver's live stream would not slide its session cookie.
 * maxAge is in seconds.
 */
export function setCookie(reply: FastifyReply, name: string, value: string, options: SerializeOptions): void {
  reply.header('Set-Cookie', reply.server.serializeCookie(name, value, options));
}

export function clearCookie(reply: FastifyReply, name: string, options: SerializeOptions): void {
  setCookie(reply, name, '', { ...options, expires: new Date(0), maxAge: 0 });
}
