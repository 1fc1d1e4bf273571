import { Module } from '@nestjs/common';
import { FleetVehicles } from './fleet-vehicles.js';
import { VehicleNames } from './vehicle-names.js';

/** The fleet as the fleet service has it (over NATS), for pricing, seating and names. */
@Module({
  providers: [FleetVehicles, VehicleNames],
  exports: [FleetVehicles, VehicleNames],
})
export class FleetModule {}
