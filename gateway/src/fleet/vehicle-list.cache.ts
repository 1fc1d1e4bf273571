import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { fleetRpc, type Vehicle } from '@limo/contracts';
import { watchEvents } from '@limo/messaging';
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

/** A safety net only: fleet events normally invalidate the list within milliseconds. */
const MAX_AGE_MS = 30_000;

/**
 * GET /api/vehicles is the public site's most frequent read and changes only when an admin edits
 * the fleet, so each gateway replica keeps the list in memory and drops it on every fleet event
 * (an ordered consumer of the event stream, like the live boards). The cache is used only while
 * that watch runs: if it stops (NATS away), every read goes to the fleet service again until it
 * is back. A change made through this replica drops the list at once (read-your-writes for the
 * admin who made it); other replicas see the event a few milliseconds later.
 */
@Injectable()
export class VehicleListCache implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('VehicleListCache');
  private cached: { list: Promise<EncodedList>; at: number } | undefined;
  private watching = false;
  private watch: { stop(): void } | undefined;

  constructor(
    private readonly services: ServicesClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit(): void {
    this.watch = watchEvents(this.nc, {
      prefix: this.config.NATS_PREFIX,
      subjects: 'fleet.>',
      onEvent: () => this.invalidate(),
      // Anything fetched while not watching may predate a change the watch will not report.
      onWatching: (watching) => {
        this.watching = watching;
        this.invalidate();
      },
      onError: (error) => this.log.warn(`fleet events not watched, vehicle list not cached: ${error.message}`),
    });
  }

  onModuleDestroy(): void {
    this.watch?.stop();
  }

  list(): Promise<EncodedList> {
    const now = Date.now();
    if (this.watching && this.cached && now - this.cached.at < MAX_AGE_MS) return this.cached.list;
    const list = this.services.call(fleetRpc.listVehicles, {}).then(encode);
    if (!this.watching) return list;
    // The promise is kept, so concurrent misses share one call; a failure is not kept.
    const entry = { list, at: now };
    this.cached = entry;
    list.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return list;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
