import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { VehicleCatalog } from '../vehicles/vehicle-catalog.js';
import { DEMO_FLEET } from './demo-fleet.js';

/** Adds the advertised vehicles that are missing (by name, in any case), once across replicas starting together. */
@Injectable()
export class FleetSeeder implements OnApplicationBootstrap {
  private readonly log = new Logger('FleetSeeder');

  constructor(private readonly catalog: VehicleCatalog) {}

  async onApplicationBootstrap(): Promise<void> {
    const added = await this.catalog.addMissing(DEMO_FLEET);
    if (added.length > 0) this.log.log(`seeded ${added.length} vehicles`);
  }
}
