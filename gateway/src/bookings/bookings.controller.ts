import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BOOKING_PAGE_MAX,
  BookingId,
  BookingListQuery,
  BookingPageQuery,
  type BookingFilters,
  bookingRpc,
  BookingRequest,
  Booking,
  describeZodError,
  IdempotencyKey,
  UpdateBookingRequest,
  PendingBookingRequest,
  type RpcRequestOf,
  type RpcResponseOf,
} from '@limo/contracts';
import { bookingAccount } from '../account/booking-account.js';
import { adminActor } from '../auth/admin-actor.js';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
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
  @ApiResponse(Booking, {
    description:
      "The booking, priced by the server (Idempotent-Replayed: true when a retry answers the first one). Signed in, the account's benefits apply; 400 for a benefits claim signed out or with another email, or a referral code that cannot be used; 503 when the code cannot be checked",
  })
  async create(
    @Body(new ZodValidationPipe(BookingRequest)) booking: BookingRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Booking> {
    const account = await bookingAccount(this.services, req, booking);
    const key = idempotencyKeyOf(idempotencyKey);
    // With a key the booking service answers a copy with the first booking: safe to send again.
    const result = await this.services.call(bookingRpc.create, { booking, idempotencyKey: key, account }, undefined, { idempotent: key !== undefined });
    if (result.replayed) res.header('Idempotent-Replayed', 'true');
    return result.booking;
  }

  /** Every booking, newest first (up to `limit`, 1000 unless asked; X-Next-Cursor when more remain). */
  @Get()
  @AdminOnly()
  @ApiResponse(z.array(Booking), { description: 'Newest first; X-Next-Cursor says where to continue when more remain' })
  list(@Query(new ZodValidationPipe(BookingListQuery)) query: BookingListQuery, @Res({ passthrough: true }) res: FastifyReply): Promise<Booking[]> {
    return collectPages(this.services, bookingRpc.list, query, res);
  }

  /** Pending requests, oldest first, in the spec's pending-request shape. */
  @Get('pending')
  @AdminOnly()
  @ApiResponse(z.array(PendingBookingRequest), { description: 'Oldest first; X-Next-Cursor says where to continue when more remain' })
  pending(
    @Query(new ZodValidationPipe(BookingPageQuery)) query: BookingPageQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PendingBookingRequest[]> {
    return collectPages(this.services, bookingRpc.listPending, query, res);
  }

  @Patch(':id')
  @AdminOnly()
  @ApiResponse(Booking)
  update(
    @Param('id', new ZodValidationPipe(BookingId)) id: number,
    @Body(new ZodValidationPipe(UpdateBookingRequest)) changes: UpdateBookingRequest,
    @Req() req: FastifyRequest,
  ): Promise<Booking> {
    return this.services.call(bookingRpc.update, { id, changes, actor: adminActor(req) });
  }
}

/** `GET /api/admin/bookings`: the admin bookings page's list (every booking, newest first). */
@Controller('api/admin/bookings')
@AdminOnly()
export class AdminBookingsController {
  constructor(private readonly services: ServicesClient) {}

  @Get()
  @ApiResponse(z.array(Booking), { description: 'Newest first; X-Next-Cursor says where to continue when more remain' })
  list(@Query(new ZodValidationPipe(BookingListQuery)) query: BookingListQuery, @Res({ passthrough: true }) res: FastifyReply): Promise<Booking[]> {
    return collectPages(this.services, bookingRpc.list, query, res);
  }
}

type PagedContract = typeof bookingRpc.list | typeof bookingRpc.listPending;

/**
 * Gathers a list from the booking service a page at a time (each reply must fit in one NATS
 * message) up to the asked limit; when more remain, says where to continue in X-Next-Cursor.
 */
async function collectPages<C extends PagedContract>(
  services: ServicesClient,
  contract: C,
  query: BookingPageQuery & BookingFilters,
  res: FastifyReply,
): Promise<RpcResponseOf<C>['items']> {
  const items: RpcResponseOf<C>['items'] = [];
  let cursor = query.cursor;
  // The pending list is the spec's and takes no filters.
  const filters = contract === bookingRpc.list ? { status: query.status, from: query.from, to: query.to, q: query.q || undefined } : {};
  for (;;) {
    const want = Math.min(BOOKING_PAGE_MAX, query.limit - items.length);
    const page = await services.call(contract, { cursor, limit: want, ...filters } as RpcRequestOf<C>);
    items.push(...(page.items as never[]));
    cursor = page.nextCursor ?? undefined;
    if (cursor === undefined) return items;
    if (items.length >= query.limit) {
      res.header('X-Next-Cursor', String(cursor));
      return items;
    }
  }
}
