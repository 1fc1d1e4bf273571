import { Body, Controller, Get, Header, HttpCode, NotFoundException, Param, Patch, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BookingId, bookingRpc, CustomerBookingView, CustomerChangeQuote, CustomerChangeRequest, SELF_SERVICE_MESSAGES } from '@limo/contracts';
import { CustomerOnly } from '../auth/customer-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { PRIVATE } from './account.controller.js';
import { SignedInCustomer } from './signed-in-customer.js';

/** The body is optional: a POST with none cancels this booking alone. */
const AccountCancel = z.object({ alsoOtherLeg: z.boolean({ error: 'alsoOtherLeg must be true or false' }).optional() }).strict().default({});
type AccountCancel = z.infer<typeof AccountCancel>;

/**
 * A signed-in customer's own bookings (`/api/account/bookings/{id}`): see one (its receipt), price
 * a change, make it, cancel. Only bookings made with the session's email: another's is a 404, as
 * an unknown one (the booking service checks the email for a change; here for the others).
 */
@Controller('api/account/bookings')
export class AccountBookingsController {
  constructor(
    private readonly services: ServicesClient,
    private readonly signedIn: SignedInCustomer,
  ) {}

  @Get(':id')
  @CustomerOnly()
  @Header(...PRIVATE)
  @ApiResponse(CustomerBookingView, { description: "One of the signed-in email's bookings, with its final settled price once reviewed (the receipt); 404 for another's" })
  async booking(@Req() req: FastifyRequest, @Param('id', new ZodValidationPipe(BookingId)) id: number): Promise<CustomerBookingView> {
    return this.own(req, id);
  }

  @Post(':id/quote')
  @HttpCode(200)
  @CustomerOnly()
  @Header(...PRIVATE)
  @ApiResponse(CustomerChangeQuote, { description: 'The price of a change before it is made (nothing stored): the quote as it stands and as it would be; the same 4xx as the change' })
  async quote(
    @Req() req: FastifyRequest,
    @Param('id', new ZodValidationPipe(BookingId)) id: number,
    @Body(new ZodValidationPipe(CustomerChangeRequest)) changes: CustomerChangeRequest,
  ): Promise<CustomerChangeQuote> {
    const { email } = await this.signedIn.of(req);
    return this.services.call(bookingRpc.customerChangeQuote, { email, bookingId: id, changes });
  }

  @Patch(':id')
  @CustomerOnly()
  @Header(...PRIVATE)
  @ApiResponse(CustomerBookingView, {
    description: 'Changes the ride (date, time, places, passengers, luggage, vehicle), re-quoted; 409 after the cancel cutoff, with a chauffeur assigned (time, places, vehicle) or on a round trip leg (time, places); 400 inside the lead time',
  })
  async change(
    @Req() req: FastifyRequest,
    @Param('id', new ZodValidationPipe(BookingId)) id: number,
    @Body(new ZodValidationPipe(CustomerChangeRequest)) changes: CustomerChangeRequest,
  ): Promise<CustomerBookingView> {
    const { email } = await this.signedIn.of(req);
    return this.services.call(bookingRpc.customerChange, { email, bookingId: id, changes });
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @CustomerOnly()
  @Header(...PRIVATE)
  @ApiResponse(CustomerBookingView, { description: "Cancelled (or already so), with the round trip's other leg when `alsoOtherLeg`; 409 inside the cancellation cutoff" })
  async cancel(
    @Req() req: FastifyRequest,
    @Param('id', new ZodValidationPipe(BookingId)) id: number,
    @Body(new ZodValidationPipe(AccountCancel)) { alsoOtherLeg = false }: AccountCancel,
  ): Promise<CustomerBookingView> {
    await this.own(req, id);
    return this.services.call(bookingRpc.customerCancel, { key: { bookingId: id }, alsoOtherLeg });
  }

  /** The booking when it was made with the signed-in email; a 404 otherwise, the same as for an unknown one. */
  private async own(req: FastifyRequest, bookingId: number): Promise<CustomerBookingView> {
    const { email } = await this.signedIn.of(req);
    const booking = await this.services.call(bookingRpc.customerView, { bookingId });
    if (booking.email.trim().toLowerCase() !== email) throw new NotFoundException({ statusCode: 404, message: SELF_SERVICE_MESSAGES.noMatch });
    return booking;
  }
}
