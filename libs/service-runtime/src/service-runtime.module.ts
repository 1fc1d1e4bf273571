import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule } from '@nestjs/bullmq';
import { TerminusModule } from '@nestjs/terminus';
import type { NatsConnection } from '@nats-io/transport-node';
import type { PrismaPg } from '@prisma/adapter-pg';
import { LoggerModule } from 'nestjs-pino';
import type pg from 'pg';
import { createPrismaAdapter, createSqlPool, OutboxRelay, PLATFORM_MIGRATIONS, runMigrations, type TransactionalDb } from '@limo/database';
import { connectNats, ensureEventStream, EventPublisher, JetStreamEventServer, NatsRpcServer, redisOptions, RpcClient } from '@limo/messaging';
import { createRegistry, loggerParams, Registry } from '@limo/observability';
import type { ServiceConfig } from './config.js';
import { InstanceHealthController, serviceHealthHandlers } from './health.js';
import { RuntimeLifecycle } from './lifecycle.js';
import { MetricsController } from './metrics.controller.js';
import { Outbox } from './outbox.js';
import { ChangeAnnouncer } from './change-announcer.js';
import { ServiceMetrics } from './service-metrics.js';
import { DATABASE, NATS_CONNECTION, SERVICE_CONFIG, SERVICE_IDENTITY, SQL_POOL, type ServiceIdentity } from './tokens.js';

export interface ServiceRuntimeOptions<Db extends TransactionalDb> {
  service: string;
  /** The service's configuration, parsed with its own schema (ServiceConfig extended). */
  config: ServiceConfig;
  /** The service's generated Prisma client class; provided (and injectable) as itself. */
  database: new (options: { adapter: PrismaPg }) => Db;
  /** The service's own migrations (the platform's outbox tables are added). */
  migrationsDir: string;
}

/** Longest a service waits for another service's reply (it never holds a caller longer than the gateway). */
const SERVICE_RPC_TIMEOUT_MS = 3000;

/**
 * Everything a service instance runs on, as providers: its configuration, Postgres (migrated
 * once across replicas before the client is handed out), NATS, the RPC client for other
 * services, the event publisher and outbox relay, the RPC and JetStream transports, BullMQ,
 * logging with request ids, metrics and health. Started and stopped by Nest's lifecycle.
 */
@Module({})
export class ServiceRuntimeModule {
  static forRoot<Db extends TransactionalDb & { $disconnect(): Promise<void> }>(options: ServiceRuntimeOptions<Db>): DynamicModule {
    const { service, config } = options;
    const identity: ServiceIdentity = { service, instance: `${service}-${hostname()}-${randomUUID().slice(0, 8)}` };
    const providers = [
      { provide: SERVICE_CONFIG, useValue: config },
      { provide: SERVICE_IDENTITY, useValue: identity },
      {
        provide: SQL_POOL,
        useFactory: async () => {
          await runMigrations({
            connectionString: config.DATABASE_URL,
            schema: service,
            migrationsDir: options.migrationsDir,
            sharedMigrationsDirs: [PLATFORM_MIGRATIONS],
          });
          return createSqlPool(config.DATABASE_URL, service, config.DB_POOL_SIZE);
        },
      },
      {
        provide: options.database,
        inject: [SQL_POOL],
        // The client ends the pool when it disconnects.
        useFactory: (pool: pg.Pool) => new options.database({ adapter: createPrismaAdapter(pool, service) }),
      },
      { provide: DATABASE, useExisting: options.database },
      {
        provide: NATS_CONNECTION,
        useFactory: async () => {
          const nc = await connectNats(config.NATS_URL, identity.instance, { user: config.NATS_USER, seed: config.NATS_NKEY_SEED }, { inOrder: config.NATS_SERVERS_IN_ORDER });
          await ensureEventStream(nc, config.NATS_PREFIX, { replicas: config.NATS_STREAM_REPLICAS });
          return nc;
        },
      },
      {
        provide: RpcClient,
        inject: [NATS_CONNECTION],
        useFactory: (nc: NatsConnection) => new RpcClient(nc, { prefix: config.NATS_PREFIX, timeoutMs: SERVICE_RPC_TIMEOUT_MS }),
      },
      { provide: EventPublisher, inject: [NATS_CONNECTION], useFactory: (nc: NatsConnection) => new EventPublisher(nc, config.NATS_PREFIX) },
      {
        provide: OutboxRelay,
        inject: [SQL_POOL, EventPublisher],
        useFactory: (pool: pg.Pool, publisher: EventPublisher) =>
          new OutboxRelay({ pool, publish: (event) => publisher.publishStored(event), intervalMs: config.OUTBOX_INTERVAL_MS }),
      },
      { provide: Registry, useFactory: () => createRegistry(service) },
      ServiceMetrics,
      {
        provide: NatsRpcServer,
        inject: [NATS_CONNECTION, ServiceMetrics],
        useFactory: (nc: NatsConnection, metrics: ServiceMetrics) =>
          new NatsRpcServer({ nc, prefix: config.NATS_PREFIX, queue: service, observer: metrics }),
      },
      ChangeAnnouncer,
      {
        provide: JetStreamEventServer,
        inject: [NATS_CONNECTION, DATABASE, ServiceMetrics, ChangeAnnouncer],
        useFactory: (nc: NatsConnection, db: TransactionalDb, metrics: ServiceMetrics, changes: ChangeAnnouncer) =>
          new JetStreamEventServer({ nc, prefix: config.NATS_PREFIX, db, observer: metrics, onCommitted: () => changes.announce(), auditEveryMs: config.EVENT_AUDIT_INTERVAL_MS }),
      },
      Outbox,
      RuntimeLifecycle,
    ];
    return {
      module: ServiceRuntimeModule,
      global: true,
      imports: [
        DiscoveryModule,
        TerminusModule.forRoot({ logger: false }),
        LoggerModule.forRoot(loggerParams({ service, level: config.LOG_LEVEL, pretty: config.LOG_PRETTY })),
        BullModule.forRoot({
          connection: { ...redisOptions(config.REDIS_URL), maxRetriesPerRequest: null },
          prefix: `${config.REDIS_PREFIX}:bull`,
        }),
      ],
      controllers: [serviceHealthHandlers(service), InstanceHealthController, MetricsController],
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)) as (string | symbol | Type)[],
    };
  }
}
