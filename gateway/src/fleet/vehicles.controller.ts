import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { fleetRpc } from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { VehicleListCache } from './vehicle-list.cache.js';

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
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body = await this.vehicles.list();
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('ETag', body.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'no-cache');
    if (req.headers['if-none-match'] === body.etag) {
      res.status(304).end();
      return;
    }
    // Brotli when accepted at all (smaller), else gzip, else as is.
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
    if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
    res.status(200).end(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity);
  }
}
