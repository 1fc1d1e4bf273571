import { type DynamicModule, Module } from '@nestjs/common';
import { healthController, RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { FleetDb } from './fleet.db.js';
import { FleetSeeder } from './vehicles/fleet-seeder.js';
import { VehiclesHandlers } from './vehicles/vehicles.handlers.js';
import { VehiclesRepository } from './vehicles/vehicles.repository.js';

@Module({})
export class FleetModule {
  static register(runtime: ServiceRuntime<FleetDb>): DynamicModule {
    return {
      module: FleetModule,
      controllers: [VehiclesHandlers, healthController('fleet')],
      providers: [{ provide: RUNTIME, useValue: runtime }, VehiclesRepository, FleetSeeder],
    };
  }
}
