import type { AddressInfo } from 'node:net';
import { type DynamicModule, Logger as NestLogger } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger, PinoLogger } from 'nestjs-pino';
import { JetStreamEventServer, NatsRpcServer } from '@limo/messaging';
import { accessLog, asHook, httpMetricsHook, Registry } from '@limo/observability';
import type { Env, ServiceConfig } from './config.js';
import { RethrowRpcErrors } from './rethrow-rpc-errors.filter.js';
import { SERVICE_CONFIG, SERVICE_IDENTITY, type ServiceIdentity } from './tokens.js';

/** A service's root module: builds itself from the environment (its own config schema). */
export interface ServiceRootModule {
  forRoot(env: Env): DynamicModule;
}

export interface BootstrapOptions {
  /** Defaults to process.env; tests pass their own world (database, prefixes). */
  env?: Env;
  /** Stop cleanly on SIGINT/SIGTERM and exit (the process entry point); tests stop by hand. */
  handleSignals?: boolean;
}

export interface RunningService {
  app: NestFastifyApplication;
  config: ServiceConfig;
  identity: ServiceIdentity;
  /** Base URL of the instance's metrics and health endpoints. */
  metricsUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts one replica of a service: Nest builds the module (migrating the database once across
 * replicas, connecting NATS), the RPC transport joins the service's queue group, the JetStream
 * transport joins its durable consumers, and the instance's metrics and health listen on
 * METRICS_PORT. The same call runs every service, in production and in tests.
 *
 * That HTTP is on Fastify, as the gateway's is: one platform for every process, and the hooks
 * (the access log, the request latencies) are the gateway's own. A request is logged and timed
 * as it was on Express, health and metrics excepted from the log.
 */
export async function bootstrapService(root: ServiceRootModule, options: BootstrapOptions = {}): Promise<RunningService> {
  // As Express did and the gateway does: /health/ready/ is /health/ready.
  const adapter = new FastifyAdapter({ routerOptions: { ignoreTrailingSlash: true } });
  const app = await NestFactory.create<NestFastifyApplication>(root.forRoot(options.env ?? process.env), adapter, { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(Logger));
  const config = app.get<ServiceConfig>(SERVICE_CONFIG);
  const identity = app.get<ServiceIdentity>(SERVICE_IDENTITY);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', asHook(accessLog((await app.resolve(PinoLogger)).logger, (path) => path.startsWith('/health') || path === '/metrics')));
  fastify.addHook('onResponse', httpMetricsHook(app.get(Registry)));
  app.useGlobalFilters(new RethrowRpcErrors(app.get(HttpAdapterHost).httpAdapter));
  // Connected with the app's configuration, so filters and the request-logging hooks apply to messages too.
  app.connectMicroservice({ strategy: app.get(NatsRpcServer) }, { inheritAppConfig: true });
  app.connectMicroservice({ strategy: app.get(JetStreamEventServer) }, { inheritAppConfig: true });
  await app.init();
  await app.startAllMicroservices();
  await app.listen(config.METRICS_PORT, config.METRICS_HOST);
  const { port } = app.getHttpServer().address() as AddressInfo;

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= app.close());
  if (options.handleSignals) stopOnSignals(stop, identity.service);
  return { app, config, identity, metricsUrl: `http://${config.METRICS_HOST}:${port}`, stop };
}

/**
 * A clean stop that has not finished by then is cut short. With Redis unreachable, BullMQ's close
 * waits for a reconnection that may never come; exiting is safe because nothing is lost: unacked
 * messages are redelivered, the outbox and jobs live in Postgres and Redis. Below the 10 s an
 * orchestrator (docker stop, the npm start supervisor) waits before SIGKILL, so the log says why.
 */
const STOP_GRACE_MS = 8_000;

/** Stops cleanly on SIGINT/SIGTERM, so in-flight messages are acked or redelivered, then exits. */
function stopOnSignals(stop: () => Promise<void>, name: string): void {
  const log = new NestLogger(name);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.log(`${signal}: stopping`);
      setTimeout(() => {
        log.error(`stop did not finish within ${STOP_GRACE_MS / 1000} s (is Redis or NATS unreachable?): exiting now`);
        process.exit(1);
      }, STOP_GRACE_MS).unref();
      stop().then(
        () => process.exit(0),
        (error) => {
          log.error(`stop failed: ${(error as Error).message}`);
          process.exit(1);
        },
      );
    });
  }
}
