import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { bookingRpc } from '@limo/contracts';
import { EventDroppedCache } from '@limo/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { encodeJson, type EncodedBody } from '../http/encoded-body.js';
import { NATS_CONNECTION } from '../messaging/messaging.module.js';
import { ServicesClient } from '../messaging/services.client.js';

/**
 * The price guide is read by every public page and changes when the admin saves the rates, so
 * each gateway replica keeps it encoded in memory and drops it on every `booking.rates` event
 * (while events are not watched, every read asks the booking service). A vehicle added or renamed
 * shows within the 30 s the guide is kept at most.
 */
@Injectable()
export class PriceGuideCache implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('PriceGuideCache');
  private readonly cache: EventDroppedCache<EncodedBody>;

  constructor(services: ServicesClient, @Inject(NATS_CONNECTION) nc: NatsConnection, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.cache = new EventDroppedCache(nc, {
      prefix: config.NATS_PREFIX,
      subjects: 'booking.rates.>',
      load: () => services.call(bookingRpc.priceGuide, {}).then((guide) => encodeJson(guide)),
      maxAgeMs: 30_000,
      onWatchError: (error) => this.log.warn(`rate events not watched, the price guide is asked for every read: ${error.message}`),
    });
  }

  onModuleInit(): void {
    this.cache.start();
  }

  onModuleDestroy(): void {
    this.cache.stop();
  }

  get(): Promise<EncodedBody> {
    return this.cache.get();
  }

  drop(): void {
    this.cache.drop();
  }
}
