import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import bytes from 'bytes';
import { Logger, PinoLogger } from 'nestjs-pino';
import { accessLog, asHook, httpMetricsHook, Registry } from '@limo/observability';
import { AppModule } from './app.module.js';
import type { GatewayConfig } from './config.js';
import { compression } from './http/compression.js';
import { weakEtags } from './http/etags.js';
import { clientErrors } from './http/client-errors.js';
import { frameworkErrors } from './http/framework-errors.js';
import { jsonBodiesOnly } from './http/json-bodies-only.js';
import { securityHeaders } from './http/security-headers.js';
import { tileOrigin } from './maps/maps.controller.js';
import { swaggerUi } from './docs/swagger-ui.js';
import { HttpExceptionFilter } from './http/http-exception.filter.js';
import { WEB_APP_ROUTE, webApp } from './web/spa.js';
import { restoreRequestContext, startRequestContext } from './observability/request-id.middleware.js';

export { readGatewayConfig, type GatewayConfig } from './config.js';
export { VehicleListCache } from './fleet/vehicle-list.cache.js';

/**
 * Builds the gateway (not listening yet), so tests and the start script share one setup.
 *
 * On Fastify rather than Express: the same NestJS controllers, guards and filters answer about
 * twice the requests per core (`npm run bench vehicles`, docs/performance.md), Express's router
 * and middleware chain having been most of the cost of a cached answer. What Express middleware
 * did is done by Fastify hooks on every request, in this order: the request id, the access log,
 * the security headers, compression; then the route (Nest's, the API docs' or the web app's).
 */
export async function createGateway(config: GatewayConfig): Promise<NestFastifyApplication> {
  const tiles = tileOrigin(config.MAP_TILE_URL);
  const headers = securityHeaders({ imageOrigins: tiles ? [tiles] : [] });
  const adapter = new FastifyAdapter({
    // The client's address (throttles, logs) and https (HSTS, Secure cookies) come from
    // X-Forwarded-* only when the configured proxies sent them; by default from the socket.
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
    bodyLimit: bytes.parse(config.BODY_LIMIT) ?? 100 * 1024,
    // As Express did: /api/vehicles/ is /api/vehicles.
    routerOptions: { ignoreTrailingSlash: true },
    // Node's own limit for receiving a whole request, which Fastify turns off by default.
    requestTimeout: 300_000,
    frameworkErrors: frameworkErrors(headers),
    clientErrorHandler: clientErrors,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), adapter, {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', startRequestContext);
  // A line per API request (the web app's files and the health checks would drown them).
  fastify.addHook('onRequest', asHook(accessLog((await app.resolve(PinoLogger)).logger, (path) => path.startsWith('/api/health') || !path.startsWith('/api'))));
  fastify.addHook('onRequest', headers);
  fastify.addHook('onRequest', asHook(compression()));
  fastify.addHook('preValidation', restoreRequestContext);
  fastify.addHook('onSend', weakEtags);
  fastify.addHook('onResponse', httpMetricsHook(app.get(Registry), WEB_APP_ROUTE));
  await app.register(fastifyCookie);
  jsonBodiesOnly(fastify);
  swaggerUi(fastify);
  await webApp(fastify, config.WEB_DIST);
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  return app;
}
