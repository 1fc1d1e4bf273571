import { Body, Controller, Param, Patch, Post } from '@nestjs/common';
import { fleetRpc, VehicleCreate, VehicleUpdate, type Vehicle } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { IdParam } from '../http/id-param.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

/** Manage Fleet: Add Vehicle, Edit, Settings (isActive). The list stays public at GET /api/vehicles. */
@AdminOnly()
@Controller('api/admin/vehicles')
export class AdminVehiclesController {
  constructor(private readonly services: ServicesClient) {}

  @Post()
  @ApiResponse(fleetRpc.createVehicle.response)
  create(@Body(new ZodValidationPipe(VehicleCreate)) input: VehicleCreate): Promise<Vehicle> {
    return this.services.call(fleetRpc.createVehicle, input);
  }

  @Patch(':id')
  @ApiResponse(fleetRpc.updateVehicle.response)
  update(
    @Param('id', new ZodValidationPipe(IdParam)) id: number,
    @Body(new ZodValidationPipe(VehicleUpdate)) changes: VehicleUpdate,
  ): Promise<Vehicle> {
    return this.services.call(fleetRpc.updateVehicle, { id, changes });
  }
}
