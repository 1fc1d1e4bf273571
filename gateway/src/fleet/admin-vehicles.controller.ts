import { Body, Controller, Param, Patch, Post } from '@nestjs/common';
import { fleetRpc, VehicleCreate, VehicleUpdate, type Vehicle } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { IdParam } from '../http/id-param.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { VehicleListCache } from './vehicle-list.cache.js';

/** Manage Fleet: Add Vehicle, Edit, Settings (isActive). The list stays public at GET /api/vehicles. */
@AdminOnly()
@Controller('api/admin/vehicles')
export class AdminVehiclesController {
  constructor(
    private readonly services: ServicesClient,
    private readonly vehicles: VehicleListCache,
  ) {}

  @Post()
  @ApiResponse(fleetRpc.createVehicle.response)
  async create(@Body(new ZodValidationPipe(VehicleCreate)) input: VehicleCreate): Promise<Vehicle> {
    const vehicle = await this.services.call(fleetRpc.createVehicle, input);
    this.vehicles.invalidate();
    return vehicle;
  }

  @Patch(':id')
  @ApiResponse(fleetRpc.updateVehicle.response)
  async update(
    @Param('id', new ZodValidationPipe(IdParam)) id: number,
    @Body(new ZodValidationPipe(VehicleUpdate)) changes: VehicleUpdate,
  ): Promise<Vehicle> {
    const vehicle = await this.services.call(fleetRpc.updateVehicle, { id, changes });
    this.vehicles.invalidate();
    return vehicle;
  }
}
