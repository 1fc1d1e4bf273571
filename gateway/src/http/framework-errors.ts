import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** Fastify's router refusals, in the API's words (the raw URL is not echoed back). */
const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'Malformed URL: invalid percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'A path segment of the URL is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'Bad request',
};

/**
 * What Fastify's router refuses before any hook runs (a malformed percent-encoding, an
 * over-long path parameter) leaves in the API's error format `{statusCode, message}`, with the
 * security headers every other answer carries.
 */
export function frameworkErrors(securityHeaders: Hook) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    const message = MESSAGES[error.code] ?? 'Bad request';
    securityHeaders(request, reply, () => void reply.code(statusCode).send({ statusCode, message }));
  };
}
