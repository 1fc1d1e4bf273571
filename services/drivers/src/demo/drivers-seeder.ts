import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { DriversConfig } from '../drivers.config.js';
import { DriversRepository } from '../drivers/drivers.repository.js';
import { RegisterDriver } from '../drivers/register-driver/register-driver.use-case.js';
import { DEMO_DRIVERS } from './demo-drivers.js';

/** Registers the demo drivers missing (by email) at start-up. */
@Injectable()
export class DriversSeeder implements OnApplicationBootstrap {
  private readonly log = new Logger('DriversSeeder');

  constructor(
    private readonly drivers: DriversRepository,
    private readonly registerDriver: RegisterDriver,
    @Inject(SERVICE_CONFIG) private readonly config: DriversConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const existing = await this.drivers.existingEmails();
    let added = 0;
    for (const demo of DEMO_DRIVERS.filter((d) => !existing.has(d.registration.email))) {
      const lastLocationUpdate =
        demo.locationAgeMinutes === undefined ? undefined : new Date(Date.now() - demo.locationAgeMinutes * 60_000);
      // A replica seeding at the same moment makes this one a duplicate: that is fine.
      // Development: a known password, already changed, so the demo drivers can sign in at once.
      const password = this.config.DEMO_DRIVER_PASSWORD;
      await this.registerDriver.execute({ registration: demo.registration, registeredBy: 'admin', extras: { ...demo.extras, lastLocationUpdate, password } }).then(
        () => added++,
        (error) => {
          if ((error as { status?: number }).status !== 409) throw error;
        },
      );
    }
    if (added > 0) this.log.log(`seeded ${added} demo drivers`);
  }
}
