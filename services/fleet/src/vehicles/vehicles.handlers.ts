import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { fleetRpc, type Vehicle } from '@limo/contracts';
import { VehiclesRepository } from './vehicles.repository.js';

@Controller()
export class VehiclesHandlers {
  constructor(private readonly vehicles: VehiclesRepository) {}

  @MessagePattern(fleetRpc.listVehicles.subject)
  list(): Promise<Vehicle[]> {
    return this.vehicles.list();
  }
}
