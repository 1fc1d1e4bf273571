import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { OutboxRelay } from '@limo/database';
import { redactUrl, type ServiceConfig } from './config.js';
import { DATABASE, NATS_CONNECTION, SERVICE_CONFIG, SERVICE_IDENTITY, type ServiceIdentity } from './tokens.js';

/**
 * Starts and stops what the runtime owns, in order: the relay after start-up; at shutdown (after
 * Nest has closed the RPC and event servers) the relay, then NATS (draining), then Postgres.
 */
@Injectable()
export class RuntimeLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly log = new Logger('ServiceRuntime');

  constructor(
    private readonly relay: OutboxRelay,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(DATABASE) private readonly db: { $disconnect(): Promise<void> },
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(SERVICE_IDENTITY) private readonly identity: ServiceIdentity,
  ) {}

  onApplicationBootstrap(): void {
    this.relay.start();
    this.log.log(
      `${this.identity.instance} ready (database ${redactUrl(this.config.DATABASE_URL)}, NATS ${redactUrl(this.config.NATS_URL)}, prefix ${this.config.NATS_PREFIX})`,
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain().catch(() => this.nc.close());
    await this.db.$disconnect();
  }
}
