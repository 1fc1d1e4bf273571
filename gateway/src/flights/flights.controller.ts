import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { bookingRpc, FlightDelay, FlightDelayRequest, FlightNumberParam } from '@limo/contracts';
import { adminActor } from '../auth/admin-actor.js';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

/** The simulated flight-status provider's "what if" (admin): a flight lands late on a date, and its rides follow at the next poll. */
@Controller('api/admin/flights')
@AdminOnly()
export class AdminFlightsController {
  constructor(private readonly services: ServicesClient) {}

  @Put(':flightNumber/delay')
  @ApiResponse(FlightDelay, { description: 'The delay in force and how many upcoming rides arrive on that flight (409 unless the simulated provider answers)' })
  delay(
    @Param('flightNumber', new ZodValidationPipe(FlightNumberParam)) flightNumber: string,
    @Body(new ZodValidationPipe(FlightDelayRequest)) body: FlightDelayRequest,
    @Req() req: FastifyRequest,
  ): Promise<FlightDelay> {
    return this.services.call(bookingRpc.setFlightDelay, { flightNumber, ...body, actor: adminActor(req) });
  }
}
