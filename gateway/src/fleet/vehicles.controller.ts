import { Controller, Get } from '@nestjs/common';
import { fleetRpc, type Vehicle } from '@limo/contracts';
import { ServicesClient } from '../messaging/services.client.js';

@Controller('api/vehicles')
export class VehiclesController {
  constructor(private readonly services: ServicesClient) {}

  @Get()
  list(): Promise<Vehicle[]> {
    return this.services.call(fleetRpc.listVehicles, {});
  }
}
