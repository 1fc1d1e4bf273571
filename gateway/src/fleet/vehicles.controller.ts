import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fleetRpc } from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { VehicleListCache } from './vehicle-list.cache.js';
import { sendEncoded } from '../http/encoded-body.js';

@Controller('api/vehicles')
export class VehiclesController {
  constructor(private readonly vehicles: VehicleListCache) {}

  /**
   * The public list, sent as the cache holds it: compressed once per change (the compression
   * middleware leaves a body that already has its Content-Encoding alone), with an ETag so a
   * browser that has it gets a 304.
   */
  @Get()
  @ApiResponse(fleetRpc.listVehicles.response)
  async list(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    sendEncoded(req, res, await this.vehicles.list(), 'no-cache');
  }
}
