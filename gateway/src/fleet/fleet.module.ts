import { Module } from '@nestjs/common';
import { AdminVehiclesController } from './admin-vehicles.controller.js';
import { VehicleListCache } from './vehicle-list.cache.js';
import { VehiclesController } from './vehicles.controller.js';

/** The public vehicle list (cached until the fleet changes) and the admin's Manage Fleet. */
@Module({
  controllers: [VehiclesController, AdminVehiclesController],
  providers: [VehicleListCache],
})
export class FleetModule {}
