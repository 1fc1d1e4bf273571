import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { EventDroppedCache } from '@limo/messaging';
import { NATS_CONNECTION, SERVICE_CONFIG, type ServiceConfig } from '@limo/service-runtime';
import { FleetVehicles } from '../fleet/fleet-vehicles.js';
import { defaultRateTable } from './default-rates.js';
import { RatesRepository, type TableInForce } from './rates.repository.js';

/**
 * The rate table in force, kept by each replica and dropped by every `booking.rates` event (a save
 * on any replica), so a quote costs no query. Before the admin's first save, the default table
 * for the fleet's vehicles (default-rates.ts) is in force as version 0.
 */
@Injectable()
export class RateTableInForce implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('RateTableInForce');
  private readonly cache: EventDroppedCache<TableInForce>;

  constructor(
    private readonly rates: RatesRepository,
    private readonly fleet: FleetVehicles,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.cache = new EventDroppedCache(nc, {
      prefix: config.NATS_PREFIX,
      subjects: 'booking.rates.>',
      load: async () => (await this.rates.inForce()) ?? { table: defaultRateTable(await this.fleet.list()), version: 0 },
      maxAgeMs: 60_000,
      onWatchError: (error) => this.log.warn(`rate changes not watched, the table is read for every quote: ${error.message}`),
    });
  }

  onModuleInit(): void {
    this.cache.start();
  }

  onModuleDestroy(): void {
    this.cache.stop();
  }

  get(): Promise<TableInForce> {
    return this.cache.get();
  }

  /** The table as it was at `version` (a booking's), else the one in force: version 0 is the fleet's defaults. */
  async at(version: number): Promise<TableInForce> {
    if (version === 0) return { table: defaultRateTable(await this.fleet.list()), version: 0 };
    return (await this.rates.version(version)) ?? this.get();
  }

  drop(): void {
    this.cache.drop();
  }
}
