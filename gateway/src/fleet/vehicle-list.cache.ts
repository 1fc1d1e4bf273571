import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { fleetRpc, type Vehicle } from '@limo/contracts';
import { EventDroppedCache } from '@limo/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { NATS_CONNECTION } from '../messaging/messaging.module.js';
import { ServicesClient } from '../messaging/services.client.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The list as it goes on the wire: JSON once, compressed once per change, not per request. */
export interface EncodedList {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

async function encode(list: Vehicle[]): Promise<EncodedList> {
  const identity = Buffer.from(JSON.stringify(list));
  const [gz, br] = await Promise.all([gzipped(identity), brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })]);
  return { etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`, identity, gzip: gz, br };
}

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
  private readonly cache: EventDroppedCache<EncodedList>;

  constructor(
    services: ServicesClient,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.cache = new EventDroppedCache(nc, {
      prefix: config.NATS_PREFIX,
      subjects: 'fleet.>',
      load: () => services.call(fleetRpc.listVehicles, {}).then(encode),
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

  list(): Promise<EncodedList> {
    return this.cache.get();
  }

  invalidate(): void {
    this.cache.drop();
  }
}
