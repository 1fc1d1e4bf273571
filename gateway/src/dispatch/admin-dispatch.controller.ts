import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AssignDriverRequest, Booking, BookingId, bookingRpc, DriverOption, driversRpc, SettlementReview, TimelineEntry } from '@limo/contracts';
import { adminActor } from '../auth/admin-actor.js';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { positionOf } from './driver-position.js';

/** Assign & Notify from the dashboard's Pending Requests, a ride's history, and the review of its final price. */
@AdminOnly()
@Controller('api/admin/bookings')
export class AdminDispatchController {
  constructor(private readonly services: ServicesClient) {}

  @Get(':id/driver-options')
  @ApiResponse(z.array(DriverOption), { description: 'The active, on-duty drivers, best suggestion first: free for the whole ride, then nearest to its pickup, each with the distance and why' })
  async driverOptions(@Param('id', new ZodValidationPipe(BookingId)) id: number): Promise<DriverOption[]> {
    const drivers = (await this.services.call(driversRpc.list, {})).filter((d) => d.isActive && d.isOnDuty);
    return this.services.call(bookingRpc.driverOptions, {
      bookingId: id,
      drivers: drivers.map((d) => ({ driverId: d.id, name: `${d.firstName} ${d.lastName}`, username: d.username, location: positionOf(d) })),
    });
  }

  @Post(':id/assign')
  @HttpCode(200)
  @ApiResponse(Booking, { description: 'Assigned: still pending until the driver answers' })
  assign(@Param('id', new ZodValidationPipe(BookingId)) id: number, @Body(new ZodValidationPipe(AssignDriverRequest)) body: AssignDriverRequest, @Req() req: FastifyRequest): Promise<Booking> {
    return this.services.call(bookingRpc.assign, { bookingId: id, driverId: body.driverId, vehicleId: body.vehicleId, actor: adminActor(req) });
  }

  @Post(':id/withdraw')
  @HttpCode(200)
  @ApiResponse(Booking, { description: 'The unanswered assignment is withdrawn' })
  withdraw(@Param('id', new ZodValidationPipe(BookingId)) id: number, @Req() req: FastifyRequest): Promise<Booking> {
    return this.services.call(bookingRpc.withdraw, { bookingId: id, actor: adminActor(req) });
  }

  @Post(':id/settlement')
  @HttpCode(200)
  @ApiResponse(Booking, { description: "The final price approved (or adjusted and approved): the customer's receipt goes out" })
  reviewSettlement(@Param('id', new ZodValidationPipe(BookingId)) id: number, @Body(new ZodValidationPipe(SettlementReview)) body: SettlementReview, @Req() req: FastifyRequest): Promise<Booking> {
    return this.services.call(bookingRpc.reviewSettlement, { bookingId: id, review: body, actor: adminActor(req) });
  }

  @Get(':id/timeline')
  @ApiResponse(z.array(TimelineEntry))
  timeline(@Param('id', new ZodValidationPipe(BookingId)) id: number): Promise<TimelineEntry[]> {
    return this.services.call(bookingRpc.timeline, { bookingId: id });
  }
}
