import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  BookingId,
  bookingRpc,
  BookingRequest,
  describeZodError,
  IdempotencyKey,
  UpdateBookingRequest,
  type Booking,
  type PendingBookingRequest,
} from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

/**
 * `/api/bookings`: anyone can create a booking (no account needed); reading and editing them is
 * for admins. The body is checked here with the contract schema the browser form uses.
 */
@Controller('api/bookings')
export class BookingsController {
  constructor(private readonly services: ServicesClient) {}

  /**
   * Creates a booking priced by the booking service. With an Idempotency-Key, a retry with the
   * same body answers the first booking (marked `Idempotent-Replayed: true`) and creates nothing.
   */
  @Post()
  @HttpCode(201)
  async create(
    @Body(new ZodValidationPipe(BookingRequest)) booking: BookingRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Booking> {
    const key = idempotencyKey === undefined ? undefined : IdempotencyKey.safeParse(idempotencyKey);
    if (key && !key.success) throw new BadRequestException({ statusCode: 400, message: describeZodError(key.error).message });
    const result = await this.services.call(bookingRpc.create, { booking, idempotencyKey: key?.data });
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return result.booking;
  }

  @Get()
  @AdminOnly()
  list(): Promise<Booking[]> {
    return this.services.call(bookingRpc.list, {});
  }

  @Get('pending')
  @AdminOnly()
  pending(): Promise<PendingBookingRequest[]> {
    return this.services.call(bookingRpc.listPending, {});
  }

  @Patch(':id')
  @AdminOnly()
  update(
    @Param('id', new ZodValidationPipe(BookingId)) id: number,
    @Body(new ZodValidationPipe(UpdateBookingRequest)) changes: UpdateBookingRequest,
  ): Promise<Booking> {
    return this.services.call(bookingRpc.update, { id, changes });
  }
}

/** `GET /api/admin/bookings`: the admin bookings page's list (every booking, newest first). */
@Controller('api/admin/bookings')
@AdminOnly()
export class AdminBookingsController {
  constructor(private readonly services: ServicesClient) {}

  @Get()
  list(): Promise<Booking[]> {
    return this.services.call(bookingRpc.list, {});
  }
}
