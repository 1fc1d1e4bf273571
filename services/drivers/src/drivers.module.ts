import { fileURLToPath } from 'node:url';
import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceRuntimeModule, type Env } from '@limo/service-runtime';
import { DriversConfig } from './drivers.config.js';
import { PrismaClient } from './generated/prisma/client.js';
import { AdminsModule } from './admins/admins.module.js';
import { DriversDemoModule } from './demo/drivers-demo.module.js';
import { DriverAccountsModule } from './drivers/drivers.module.js';
import { EarningsModule } from './earnings/earnings.module.js';

export const DRIVERS_MIGRATIONS = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** The drivers service: drivers, their shifts and passwords, and the back-office accounts. */
@Module({})
export class DriversModule {
  static forRoot(env: Env): DynamicModule {
    const config = DriversConfig.parse(env);
    return {
      module: DriversModule,
      imports: [
        ServiceRuntimeModule.forRoot({ service: 'drivers', config, database: PrismaClient, migrationsDir: DRIVERS_MIGRATIONS }),
        DriverAccountsModule,
        EarningsModule,
        AdminsModule,
        ...(config.SEED_DEMO_DATA ? [DriversDemoModule] : []),
      ],
    };
  }
}
