import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { fleetRpc, type Vehicle } from '@limo/contracts';
import { eventStreamName } from '@limo/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { NATS_CONNECTION } from '../messaging/messaging.module.js';
import { ServicesClient } from '../messaging/services.client.js';

/** A safety net only: fleet events normally invalidate the list within milliseconds. */
const MAX_AGE_MS = 30_000;
const REWATCH_MS = 1_000;

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
  private cached: { list: Promise<Vehicle[]>; at: number } | undefined;
  private watching = false;
  private stopWatch: (() => void) | undefined;
  private destroyed = false;

  constructor(
    private readonly services: ServicesClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit(): void {
    void this.watch();
  }

  onModuleDestroy(): void {
    this.destroyed = true;
    this.stopWatch?.();
  }

  list(): Promise<Vehicle[]> {
    const now = Date.now();
    if (this.watching && this.cached && now - this.cached.at < MAX_AGE_MS) return this.cached.list;
    const list = this.services.call(fleetRpc.listVehicles, {});
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

  private async watch(): Promise<void> {
    while (!this.destroyed) {
      try {
        const consumer = await jetstream(this.nc).consumers.get(eventStreamName(this.config.NATS_PREFIX), {
          filter_subjects: `${this.config.NATS_PREFIX}.evt.fleet.>`,
          deliver_policy: DeliverPolicy.New,
        });
        const messages = await consumer.consume();
        this.stopWatch = () => void messages.stop();
        if (this.destroyed) break;
        // Anything fetched before the watch began may predate a change it will not report.
        this.invalidate();
        this.watching = true;
        for await (const _ of messages) this.invalidate();
      } catch (error) {
        if (!this.destroyed) this.log.warn(`fleet events not watched, vehicle list not cached: ${(error as Error).message}`);
      } finally {
        this.watching = false;
        this.invalidate();
      }
      if (!this.destroyed) await new Promise((r) => setTimeout(r, REWATCH_MS).unref());
    }
  }
}
