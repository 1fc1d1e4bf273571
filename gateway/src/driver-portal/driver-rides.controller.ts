import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { BookingId, bookingRpc, DriverRide, DriverStatusUpdate, WeekOutlook } from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { CurrentDriver, DriverOnly, type SignedInDriver } from '../driver-auth/driver-only.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

/** A driver answering and driving the rides given to them (spec section 7's driver actions). */
@DriverOnly()
@Controller('api/bookings')
export class DriverRidesController {
  constructor(private readonly services: ServicesClient) {}

  @Get('week-outlook')
  @ApiResponse(WeekOutlook)
  weekOutlook(@CurrentDriver() me: SignedInDriver): Promise<WeekOutlook> {
    return this.services.call(bookingRpc.weekOutlook, { driverId: me.driverId });
  }

  @Post(':id/accept')
  @HttpCode(200)
  @ApiResponse(DriverRide, { description: 'Accepted: the ride is confirmed' })
  accept(@CurrentDriver() me: SignedInDriver, @Param('id', new ZodValidationPipe(BookingId)) id: number): Promise<DriverRide> {
    return this.services.call(bookingRpc.respond, { bookingId: id, driverId: me.driverId, answer: 'accept' });
  }

  @Post(':id/decline')
  @HttpCode(200)
  @ApiResponse(DriverRide, { description: 'Declined: the ride is back with dispatch' })
  decline(@CurrentDriver() me: SignedInDriver, @Param('id', new ZodValidationPipe(BookingId)) id: number): Promise<DriverRide> {
    return this.services.call(bookingRpc.respond, { bookingId: id, driverId: me.driverId, answer: 'decline' });
  }

  /** The spec names both deny and decline; they do the same. */
  @Post(':id/deny')
  @HttpCode(200)
  @ApiResponse(DriverRide, { description: 'The same as decline' })
  deny(@CurrentDriver() me: SignedInDriver, @Param('id', new ZodValidationPipe(BookingId)) id: number): Promise<DriverRide> {
    return this.services.call(bookingRpc.respond, { bookingId: id, driverId: me.driverId, answer: 'decline' });
  }

  @Put(':id/driver-status')
  @ApiResponse(DriverRide)
  driverStatus(
    @CurrentDriver() me: SignedInDriver,
    @Param('id', new ZodValidationPipe(BookingId)) id: number,
    @Body(new ZodValidationPipe(DriverStatusUpdate)) body: DriverStatusUpdate,
  ): Promise<DriverRide> {
    return this.services.call(bookingRpc.progress, { bookingId: id, driverId: me.driverId, driverStatus: body.driverStatus, extras: body.extras ?? [] });
  }
}
