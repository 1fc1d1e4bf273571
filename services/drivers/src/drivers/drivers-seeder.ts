import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import { DEMO_DRIVERS } from './drivers.seed.js';
import { DriversRepository } from './drivers.repository.js';

/** Registers the demo drivers missing (by email) at start-up when SEED_DEMO_DATA is true. */
@Injectable()
export class DriversSeeder implements OnApplicationBootstrap {
  private readonly log = new Logger('DriversSeeder');

  constructor(
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly drivers: DriversRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runtime.config.SEED_DEMO_DATA) return;
    const existing = await this.drivers.existingEmails();
    let added = 0;
    for (const demo of DEMO_DRIVERS.filter((d) => !existing.has(d.registration.email))) {
      const lastLocationUpdate =
        demo.locationAgeMinutes === undefined ? undefined : new Date(Date.now() - demo.locationAgeMinutes * 60_000);
      // A replica seeding at the same moment makes this one a duplicate: that is fine.
      await this.drivers.register(demo.registration, 'admin', { ...demo.extras, lastLocationUpdate }).then(
        () => added++,
        (error) => {
          if ((error as { status?: number }).status !== 409) throw error;
        },
      );
    }
    if (added > 0) this.log.log(`seeded ${added} demo drivers`);
  }
}
