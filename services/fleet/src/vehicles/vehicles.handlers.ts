import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { fleetRpc, type Vehicle, type VehicleCreate } from '@limo/contracts';
import { VehiclesRepository } from './vehicles.repository.js';

@Controller()
export class VehiclesHandlers {
  constructor(private readonly vehicles: VehiclesRepository) {}

  @MessagePattern(fleetRpc.listVehicles.subject)
  list(): Promise<Vehicle[]> {
    return this.vehicles.list();
  }

  @MessagePattern(fleetRpc.createVehicle.subject)
  create(input: VehicleCreate): Promise<Vehicle> {
    return this.vehicles.create(input);
  }

  @MessagePattern(fleetRpc.updateVehicle.subject)
  update({ id, changes }: z.output<typeof fleetRpc.updateVehicle.request>): Promise<Vehicle> {
    return this.vehicles.update(id, changes);
  }
}
