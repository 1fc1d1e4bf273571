import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { fleetRpc } from '@limo/contracts';
import { EventDroppedCache } from '@limo/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { NATS_CONNECTION } from '../messaging/messaging.module.js';
import { ServicesClient } from '../messaging/services.client.js';
import { encodeJson, type EncodedBody } from '../http/encoded-body.js';

/**
 * GET /api/vehicles is the public site's most frequent read and changes only when an admin edits
 * the fleet, so each gateway replica keeps the list in memory, encoded for the wire, and drops it
 * on every fleet event; while the events are not watched (NATS away) every read goes to the
 * fleet service. A change made through this replica drops the list at once (read-your-writes for
 * the admin who made it); other replicas see the event a few milliseconds later.
 */
@Injectable()
export class VehicleListCache implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('VehicleListCache');
  private readonly cache: EventDroppedCache<EncodedBody>;

  constructor(
    services: ServicesClient,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.cache = new EventDroppedCache(nc, {
      prefix: config.NATS_PREFIX,
      subjects: 'fleet.>',
      load: () => services.call(fleetRpc.listVehicles, {}).then((list) => encodeJson(list)),
      // A safety net only: fleet events normally drop the list within milliseconds.
      maxAgeMs: 30_000,
      onWatchError: (error) => this.log.warn(`fleet events not watched, vehicle list not cached: ${error.message}`),
    });
  }

  onModuleInit(): void {
    this.cache.start();
  }

  onModuleDestroy(): void {
    this.cache.stop();
  }

  list(): Promise<EncodedBody> {
    return this.cache.get();
  }

  invalidate(): void {
    this.cache.drop();
  }
}
