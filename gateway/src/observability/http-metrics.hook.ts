import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { httpLatencyHistogram, type Registry } from '@limo/observability';
import { WEB_APP_ROUTE } from '../web/spa.js';

/**
 * Every HTTP request's latency by method, matched route pattern and status (a Fastify onResponse
 * hook: Fastify times the request itself). Never the raw path, whose ids would explode the label
 * set: an unknown /api path is `unmatched`, any page or file of the web app `web`.
 */
export function httpMetricsHook(registry: Registry) {
  const histogram = httpLatencyHistogram(registry);
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const pattern = request.is404 ? undefined : request.routeOptions.url;
    const route = pattern && pattern !== WEB_APP_ROUTE ? pattern : request.url.startsWith('/api') ? 'unmatched' : 'web';
    histogram.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  };
}
