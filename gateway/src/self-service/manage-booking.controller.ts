import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { bookingRpc, ManageBookingRequest, type CustomerBookingView } from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { CustomerAccess } from './customer-access.js';

/** The customer's /booking/manage page: see the booking, cancel it before the cutoff. */
@Controller('api/bookings')
export class ManageBookingController {
  constructor(
    private readonly services: ServicesClient,
    private readonly access: CustomerAccess,
  ) {}

  @Post('lookup')
  @HttpCode(200)
  @ApiResponse(bookingRpc.customerView.response, { description: "The booking as its customer may see it; 404 'No booking matches these details'" })
  lookup(@Req() req: FastifyRequest, @Body(new ZodValidationPipe(ManageBookingRequest)) body: ManageBookingRequest): Promise<CustomerBookingView> {
    return this.access.with(req.ip ?? 'unknown', body, (key) => this.services.call(bookingRpc.customerView, key));
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiResponse(bookingRpc.customerCancel.response, { description: "Cancelled (or already so), with the round trip's other leg when `alsoOtherLeg`; 409 inside the cancellation cutoff" })
  cancel(@Req() req: FastifyRequest, @Body(new ZodValidationPipe(ManageBookingRequest)) body: ManageBookingRequest): Promise<CustomerBookingView> {
    return this.access.with(req.ip ?? 'unknown', body, (key) => this.services.call(bookingRpc.customerCancel, { key, alsoOtherLeg: body.alsoOtherLeg ?? false }));
  }
}
