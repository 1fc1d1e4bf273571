import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { httpLatencyHistogram, type Registry } from './metrics.js';

export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * A middleware written for Node's request and response (helmet, compression, the access log) as
 * a Fastify onRequest hook: Fastify answers through that same response, so what the middleware
 * set or wrapped on it applies. Cheaper than @fastify/middie's Express-style chain.
 */
export const asHook =
  (middleware: NodeMiddleware) =>
  (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void =>
    middleware(request.raw, reply.raw, (error) => done(error as Error | undefined));

/**
 * Every HTTP request's latency by method, matched route pattern and status (a Fastify onResponse
 * hook: Fastify times the request itself). Never the raw path, whose ids would explode the label
 * set: an unknown /api path is `unmatched`, any other unknown path `web`, as is `catchAllRoute`
 * (the gateway's web app answers every page and file on one route).
 */
export function httpMetricsHook(registry: Registry, catchAllRoute?: string) {
  const histogram = httpLatencyHistogram(registry);
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const pattern = request.is404 ? undefined : request.routeOptions.url;
    const route = pattern && pattern !== catchAllRoute ? pattern : request.url.startsWith('/api') ? 'unmatched' : 'web';
    histogram.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  };
}
