import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express from 'express';
import { Logger, PinoLogger } from 'nestjs-pino';
import { accessLog, httpMetricsMiddleware, Registry } from '@limo/observability';
import { AppModule } from './app.module.js';
import type { GatewayConfig } from './config.js';
import { bodyParserErrors } from './http/body-errors.js';
import { compression } from './http/compression.js';
import { jsonBodiesOnly } from './http/json-bodies-only.js';
import { securityHeaders } from './http/security-headers.js';
import { DOCS_PATH, swaggerUi } from './docs/swagger-ui.js';
import { HttpExceptionFilter } from './http/http-exception.filter.js';
import { webApp } from './web/spa.js';
import { requestIdMiddleware } from './observability/request-id.middleware.js';

export { readGatewayConfig, type GatewayConfig } from './config.js';
export { VehicleListCache } from './fleet/vehicle-list.cache.js';

/** Builds the gateway (not listening yet), so tests and the start script share one setup. */
export async function createGateway(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.use(requestIdMiddleware);
  // A line per API request (the web app's files and the health checks would drown them).
  app.use(accessLog((await app.resolve(PinoLogger)).logger, (path) => path.startsWith('/api/health') || !path.startsWith('/api')));
  app.use(httpMetricsMiddleware(app.get(Registry)));
  app.disable('x-powered-by');
  // The client's address (throttles, logs) and https (HSTS, Secure cookies) come from
  // X-Forwarded-* only when the configured proxies sent them; by default from the socket.
  app.set('trust proxy', config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false);
  app.use(securityHeaders());
  app.use(compression());
  app.use(cookieParser());
  app.use(express.json({ limit: config.BODY_LIMIT, strict: true }));
  app.use(bodyParserErrors);
  app.use('/api', jsonBodiesOnly);
  app.use(DOCS_PATH, swaggerUi());
  app.use(...webApp(config.WEB_DIST));
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  return app;
}
