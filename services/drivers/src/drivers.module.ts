import { type DynamicModule, Module } from '@nestjs/common';
import { healthController, RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { DriversDb } from './drivers.db.js';
import { AdminsHandlers } from './admins/admins.handlers.js';
import { AdminsRepository } from './admins/admins.repository.js';
import { DriversHandlers } from './drivers/drivers.handlers.js';
import { DriversRepository } from './drivers/drivers.repository.js';
import { DriversSeeder } from './drivers/drivers-seeder.js';

@Module({})
export class DriversModule {
  static register(runtime: ServiceRuntime<DriversDb>): DynamicModule {
    return {
      module: DriversModule,
      controllers: [DriversHandlers, AdminsHandlers, healthController('drivers')],
      providers: [{ provide: RUNTIME, useValue: runtime }, DriversRepository, DriversSeeder, AdminsRepository],
    };
  }
}
