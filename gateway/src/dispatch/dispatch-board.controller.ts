import { Controller, Get, Query } from '@nestjs/common';
import { bookingRpc, DispatchBoard, DispatchBoardQuery, driversRpc } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { positionOf } from './driver-position.js';

/** The dispatch board (`/admin/dispatch`): a day's rides with their blocks, and the drivers as its rows. */
@AdminOnly()
@Controller('api/admin/dispatch')
export class DispatchBoardController {
  constructor(private readonly services: ServicesClient) {}

  @Get()
  @ApiResponse(DispatchBoard, { description: "The Los Angeles day's rides (not the cancelled), each from its pickup to the end of its block, and the active drivers with their duty and last location" })
  async board(@Query(new ZodValidationPipe(DispatchBoardQuery)) query: DispatchBoardQuery): Promise<DispatchBoard> {
    // The drivers' lean roster (name, duty, position), not their full records: half the board's time went to those.
    const [{ rides }, drivers] = await Promise.all([this.services.call(bookingRpc.dispatchDay, query), this.services.call(driversRpc.roster, {})]);
    // Nothing of the moment it was read (no timestamp), so an unchanged board keeps its ETag and a refetch gets a 304.
    return {
      date: query.date,
      rides,
      drivers: drivers.map((d) => ({ id: d.id, name: `${d.firstName} ${d.lastName}`, onDuty: d.isOnDuty, location: positionOf(d) })),
    };
  }
}
