import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bookingRpc, COMPANY_MESSAGES, CreateTripResult, PriceGuide, QuoteQuery, QuoteRequest, QuoteResponse, RatesUpdate, RatesView, RateTable, TripRequest } from '@limo/contracts';
import { bookingAccount, sessionAccount } from '../account/booking-account.js';
import { adminActor } from '../auth/admin-actor.js';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { sendEncoded } from '../http/encoded-body.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { PriceGuideCache } from './price-guide.cache.js';

/** `POST /api/quotes`: the server's quote for a ride as the wizard has it, with a signed-in customer's free ride and credit. */
@Controller('api/quotes')
export class QuotesController {
  constructor(private readonly services: ServicesClient) {}

  @Post()
  @HttpCode(200)
  @ApiResponse(QuoteResponse, {
    description: "The chosen vehicle's itemised quote (and the return leg's), and every vehicle's total; signed in, less the account's free ride and credit",
  })
  async quote(@Body(new ZodValidationPipe(QuoteQuery)) { email, companyId, ...ride }: QuoteQuery, @Req() req: FastifyRequest): Promise<QuoteResponse> {
    const account = await sessionAccount(this.services, req);
    // A company's quote is a signed-in booker's: the booking service asks the customers service whether they book for it.
    if (companyId !== undefined && !account) throw new BadRequestException({ statusCode: 400, message: COMPANY_MESSAGES.signedOut, errors: [{ path: 'companyId', message: COMPANY_MESSAGES.signedOut }] });
    // A quote changes nothing: safe to ask again.
    if (companyId !== undefined) return this.services.call(bookingRpc.quote, { ride, account, companyId }, undefined, { idempotent: true });
    // Priced for the booking's email: the account's benefits only when it is the account's (or not typed yet).
    return this.services.call(bookingRpc.quote, { ride, account: email && email !== account?.email ? undefined : account }, undefined, { idempotent: true });
  }
}

/**
 * `POST /api/trips`: a round trip (Roundtrip Relax), the wizard's booking and its return, stored as
 * two linked bookings; an Idempotency-Key works as on `POST /api/bookings`.
 */
@Controller('api/trips')
export class TripsController {
  constructor(private readonly services: ServicesClient) {}

  @Post()
  @HttpCode(201)
  @ApiResponse(CreateTripResult, { description: 'Both legs, priced by the server, and the trip reference (Idempotent-Replayed: true when a retry answers the first)' })
  async create(
    @Body(new ZodValidationPipe(TripRequest)) trip: TripRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CreateTripResult> {
    if (!trip.returnTrip) throw new BadRequestException({ statusCode: 400, message: 'returnTrip: the return leg is required' });
    const account = await bookingAccount(this.services, req, trip);
    const key = idempotencyKeyOf(idempotencyKey);
    const result = await this.services.call(bookingRpc.createTrip, { booking: trip, idempotencyKey: key, account }, undefined, { idempotent: key !== undefined });
    if (result.replayed) res.header('Idempotent-Replayed', 'true');
    return result;
  }
}

/** `GET /api/price-guide`: every price the public site shows, from the rate table in force. */
@Controller('api/price-guide')
export class PriceGuideController {
  constructor(private readonly guide: PriceGuideCache) {}

  @Get()
  @ApiResponse(PriceGuide)
  async get(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    sendEncoded(req, res, await this.guide.get(), 'no-cache');
  }
}

const RatesPreview = z.object({ table: RateTable, ride: QuoteRequest }).strict();
type RatesPreview = z.infer<typeof RatesPreview>;

/** The admin's Rates page: the table, its history, saving a new version, and a preview of a sample ride. */
@Controller('api/admin/rates')
@AdminOnly()
export class AdminRatesController {
  constructor(
    private readonly services: ServicesClient,
    private readonly guide: PriceGuideCache,
  ) {}

  @Get()
  @ApiResponse(RatesView)
  view(): Promise<RatesView> {
    return this.services.call(bookingRpc.rates, {});
  }

  @Put()
  @ApiResponse(RatesView, { description: 'The table saved as a new version (409 when another was saved since `version`)' })
  async update(@Body(new ZodValidationPipe(RatesUpdate)) update: RatesUpdate, @Req() req: FastifyRequest): Promise<RatesView> {
    const view = await this.services.call(bookingRpc.updateRates, { ...update, actor: adminActor(req) });
    // The admin who saved sees the new figures at once (the event drops the other replicas' copies).
    this.guide.drop();
    return view;
  }

  @Post('preview')
  @HttpCode(200)
  @ApiResponse(bookingRpc.previewRates.response, { description: 'A sample ride priced with the table in force and with the draft' })
  preview(@Body(new ZodValidationPipe(RatesPreview)) body: RatesPreview) {
    return this.services.call(bookingRpc.previewRates, body);
  }
}
