import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type DynamicModule, Logger, type LoggerService, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { PrismaPg } from '@prisma/adapter-pg';
import type { ServiceName } from '@limo/contracts';
import { createPrismaAdapter, OutboxRelay, runMigrations, type TransactionalDb } from '@limo/database';
import { connectNats, ensureEventStream, EventPublisher, NatsRpcServer } from '@limo/messaging';
import { redactUrl, type ServiceConfig } from './config.js';

/** What a running service instance holds; handed to its Nest module as the RUNTIME provider. */
export interface ServiceRuntime<Db extends TransactionalDb = TransactionalDb> {
  service: ServiceName;
  instance: string;
  config: ServiceConfig;
  db: Db;
  nc: NatsConnection;
  relay: OutboxRelay;
}

export const RUNTIME = Symbol('ServiceRuntime');

export interface StartServiceOptions<Db extends TransactionalDb> {
  service: ServiceName;
  config: ServiceConfig;
  migrationsDir: string;
  createDb: (adapter: PrismaPg) => Db & { $disconnect(): Promise<void> };
  module: (runtime: ServiceRuntime<Db>) => DynamicModule;
  logger?: LoggerService | LogLevel[] | false;
}

export interface RunningService<Db extends TransactionalDb = TransactionalDb> {
  runtime: ServiceRuntime<Db>;
  app: INestMicroservice;
  stop(): Promise<void>;
}

/**
 * Boots one replica of a service: applies pending migrations (once across replicas), connects
 * to Postgres and NATS, makes sure the event stream exists, serves the module's message
 * handlers in the service's queue group and starts the outbox relay.
 */
export async function startService<Db extends TransactionalDb>(
  options: StartServiceOptions<Db>,
): Promise<RunningService<Db>> {
  const { service, config } = options;
  const log = new Logger(service);
  const instance = `${service}-${hostname()}-${randomUUID().slice(0, 8)}`;
  await runMigrations({
    connectionString: config.DATABASE_URL,
    schema: service,
    migrationsDir: options.migrationsDir,
    log: (m) => (logsInfo(options.logger) ? log.log(m) : undefined),
  });
  const db = options.createDb(createPrismaAdapter(config.DATABASE_URL, service, config.DB_POOL_SIZE));
  const nc = await connectNats(config.NATS_URL, instance);
  await ensureEventStream(nc, config.NATS_PREFIX);
  const publisher = new EventPublisher(nc, config.NATS_PREFIX);
  const relay = new OutboxRelay({
    db,
    publish: (envelope) => publisher.publish(envelope),
    intervalMs: config.OUTBOX_INTERVAL_MS,
    log: (m) => log.warn(m),
  });
  const runtime: ServiceRuntime<Db> = { service, instance, config, db, nc, relay };
  const app = await NestFactory.createMicroservice(options.module(runtime), {
    strategy: new NatsRpcServer({ nc, prefix: config.NATS_PREFIX, queue: service }),
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  app.enableShutdownHooks();
  await app.listen();
  relay.start();
  log.log(`${instance} ready (database ${redactUrl(config.DATABASE_URL)}, NATS ${config.NATS_URL}, prefix ${config.NATS_PREFIX})`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await app.close();
      await relay.stop();
      await nc.drain().catch(() => nc.close());
      await db.$disconnect();
    })());
  return { runtime, app, stop };
}

/** Whether the chosen Nest logger setting prints 'log' level messages. */
function logsInfo(logger: StartServiceOptions<any>['logger']): boolean {
  if (logger === false) return false;
  return Array.isArray(logger) ? logger.includes('log') : true;
}
