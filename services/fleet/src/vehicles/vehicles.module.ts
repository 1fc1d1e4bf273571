import { Module } from '@nestjs/common';
import { VehicleCatalog } from './vehicle-catalog.js';
import { VehiclesHandlers } from './vehicles.handlers.js';
import { VehiclesRepository } from './vehicles.repository.js';

@Module({
  controllers: [VehiclesHandlers],
  providers: [VehiclesRepository, VehicleCatalog],
  exports: [VehicleCatalog],
})
export class VehiclesModule {}
