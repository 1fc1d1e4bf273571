import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { changedSubject } from '@limo/messaging';
import { SERVICE_CONFIG, NATS_CONNECTION, SERVICE_IDENTITY, type ServiceIdentity } from './tokens.js';
import type { ServiceConfig } from './config.js';

/**
 * Tells whoever caches this service's answers (the gateway) that its data changed: after every
 * consumer batch that applied events, and after any other change a reader would see (reporting's
 * rebuild). Core NATS, not stored: a lost announcement (a crash between the commit and the
 * publish) leaves a cache stale only until its age limit, and a reader that loses its connection
 * stops trusting its cache anyway.
 */
@Injectable()
export class ChangeAnnouncer {
  private readonly subject: string;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
    @Inject(SERVICE_IDENTITY) identity: ServiceIdentity,
  ) {
    this.subject = changedSubject(config.NATS_PREFIX, identity.service);
  }

  announce(): void {
    if (this.nc.isClosed()) return;
    this.nc.publish(this.subject);
  }
}
