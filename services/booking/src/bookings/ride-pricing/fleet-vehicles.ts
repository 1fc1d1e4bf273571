import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { fleetRpc, type Vehicle } from '@limo/contracts';
import { RpcCallError, RpcClient, ServiceError, watchEvents } from '@limo/messaging';
import { NATS_CONNECTION, SERVICE_CONFIG, type ServiceConfig } from '@limo/service-runtime';

/** A safety net only: fleet events normally drop the copy within milliseconds. */
const MAX_AGE_MS = 30_000;

/**
 * The fleet as the fleet service has it now (which vehicles are in service, seats, rates), for
 * every booking and re-pricing. Each replica keeps a copy that every fleet event drops (an
 * ordered consumer of the event stream), so a vehicle taken out of service is refused as soon as
 * its event arrives, without a call to the fleet service per booking. While the watch is not
 * running, every call asks the fleet service. An unreachable fleet fails the call with its
 * status rather than guessing.
 */
@Injectable()
export class FleetVehicles implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('FleetVehicles');
  private cached: { list: Promise<Vehicle[]>; at: number } | undefined;
  private watching = false;
  private watch: { stop(): void } | undefined;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  onModuleInit(): void {
    this.watch = watchEvents(this.nc, {
      prefix: this.config.NATS_PREFIX,
      subjects: 'fleet.>',
      onEvent: () => (this.cached = undefined),
      onWatching: (watching) => {
        this.watching = watching;
        this.cached = undefined;
      },
      onError: (error) => this.log.warn(`fleet events not watched, vehicles asked for every booking: ${error.message}`),
    });
  }

  onModuleDestroy(): void {
    this.watch?.stop();
  }

  list(): Promise<Vehicle[]> {
    const now = Date.now();
    if (this.watching && this.cached && now - this.cached.at < MAX_AGE_MS) return this.cached.list;
    const list = this.fetch();
    if (!this.watching) return list;
    // Concurrent misses share one call; a failure is not kept.
    const entry = { list, at: now };
    this.cached = entry;
    list.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return list;
  }

  private async fetch(): Promise<Vehicle[]> {
    try {
      return await this.rpc.request(fleetRpc.listVehicles, {});
    } catch (error) {
      throw error instanceof RpcCallError ? new ServiceError(error.status, error.message) : error;
    }
  }
}
