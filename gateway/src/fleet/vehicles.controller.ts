import { Controller, Get } from '@nestjs/common';
import { fleetRpc, type Vehicle } from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { VehicleListCache } from './vehicle-list.cache.js';

@Controller('api/vehicles')
export class VehiclesController {
  constructor(private readonly vehicles: VehicleListCache) {}

  @Get()
  @ApiResponse(fleetRpc.listVehicles.response)
  list(): Promise<Vehicle[]> {
    return this.vehicles.list();
  }
}
