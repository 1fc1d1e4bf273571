import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import { DEMO_FLEET } from './fleet.seed.js';
import { VehiclesRepository } from './vehicles.repository.js';

/** Puts the advertised fleet in place at start-up unless SEED_DEMO_DATA=false. */
@Injectable()
export class FleetSeeder implements OnApplicationBootstrap {
  private readonly log = new Logger('FleetSeeder');

  constructor(
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly vehicles: VehiclesRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runtime.config.SEED_DEMO_DATA) return;
    const added = await this.vehicles.addMissing(DEMO_FLEET);
    if (added.length > 0) this.log.log(`seeded ${added.length} vehicles`);
  }
}
