import { fileURLToPath } from 'node:url';
import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig, ServiceRuntimeModule, type Env } from '@limo/service-runtime';
import { PrismaClient } from './generated/prisma/client.js';
import { FleetDemoModule } from './demo/fleet-demo.module.js';
import { VehiclesModule } from './vehicles/vehicles.module.js';

export const FLEET_MIGRATIONS = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** The fleet service: the vehicles (the one source of truth for them) and their events. */
@Module({})
export class FleetModule {
  static forRoot(env: Env): DynamicModule {
    const config = ServiceConfig.parse(env);
    return {
      module: FleetModule,
      imports: [
        ServiceRuntimeModule.forRoot({ service: 'fleet', config, database: PrismaClient, migrationsDir: FLEET_MIGRATIONS }),
        VehiclesModule,
        ...(config.SEED_DEMO_DATA ? [FleetDemoModule] : []),
      ],
    };
  }
}
