import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { fleetRpc, type Vehicle } from '@limo/contracts';
import { EventDroppedCache, RESEND_AFTER_MS, RpcCallError, RpcClient, ServiceError } from '@limo/messaging';
import { NATS_CONNECTION, SERVICE_CONFIG, type ServiceConfig } from '@limo/service-runtime';

/**
 * The fleet as the fleet service has it now (which vehicles are in service, seats, rates), for
 * every booking and re-pricing. Each replica keeps a copy that every fleet event drops, so a
 * vehicle taken out of service is refused as soon as its event arrives, without a call to the
 * fleet service per booking; while the events are not watched, every call asks the fleet
 * service. An unreachable fleet fails the call with its status rather than guessing.
 */
@Injectable()
export class FleetVehicles implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('FleetVehicles');
  private readonly cache: EventDroppedCache<Vehicle[]>;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.cache = new EventDroppedCache(nc, {
      prefix: config.NATS_PREFIX,
      subjects: 'fleet.>',
      load: () => this.fetch(),
      maxAgeMs: 30_000,
      onWatchError: (error) => this.log.warn(`fleet events not watched, vehicles asked for every booking: ${error.message}`),
    });
  }

  onModuleInit(): void {
    this.cache.start();
  }

  onModuleDestroy(): void {
    this.cache.stop();
  }

  list(): Promise<Vehicle[]> {
    return this.cache.get();
  }

  /**
   * One vehicle; when the copy does not have it, the fleet service is asked again (a vehicle
   * added a moment ago, whose event has not yet dropped the copy, is found).
   */
  async vehicle(id: number): Promise<Vehicle | null> {
    const kept = (await this.list()).find((v) => v.id === id);
    if (kept) return kept;
    this.cache.drop();
    return (await this.list()).find((v) => v.id === id) ?? null;
  }

  private async fetch(): Promise<Vehicle[]> {
    try {
      // A read: sent again to another replica while one does not answer (a host just back from a partition).
      return await this.rpc.request(fleetRpc.listVehicles, {}, { resendAfterMs: RESEND_AFTER_MS });
    } catch (error) {
      throw error instanceof RpcCallError ? new ServiceError(error.status, error.message, error.errors) : error;
    }
  }
}
