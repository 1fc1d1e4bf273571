import { type DynamicModule, Module } from '@nestjs/common';
import { healthController, RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { DriversDb } from './drivers.db.js';

@Module({})
export class DriversModule {
  static register(runtime: ServiceRuntime<DriversDb>): DynamicModule {
    return {
      module: DriversModule,
      controllers: [healthController('drivers')],
      providers: [{ provide: RUNTIME, useValue: runtime }],
    };
  }
}
