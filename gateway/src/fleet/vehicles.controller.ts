import { Controller, Get } from '@nestjs/common';
import { fleetRpc, type Vehicle } from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ServicesClient } from '../messaging/services.client.js';

@Controller('api/vehicles')
export class VehiclesController {
  constructor(private readonly services: ServicesClient) {}

  @Get()
  @ApiResponse(fleetRpc.listVehicles.response)
  list(): Promise<Vehicle[]> {
    return this.services.call(fleetRpc.listVehicles, {});
  }
}
