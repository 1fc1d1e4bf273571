import { Body, Controller, Get, Header, Headers, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AccountEmail, AdminCustomer, AdminCustomersQuery, CreditAdjustment, CreditLedger, customersRpc } from '@limo/contracts';
import { adminActor } from '../auth/admin-actor.js';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

const LedgerQuery = z.object({ email: AccountEmail }).strict();
type LedgerQuery = z.infer<typeof LedgerQuery>;

/** The admin's Customers page: the accounts with their Next One's on Us count, rewards and VIP, and their Refer & Fly credit. */
@AdminOnly()
@Controller('api/admin/customers')
export class AdminCustomersController {
  constructor(private readonly services: ServicesClient) {}

  @Get()
  @ApiResponse(z.array(AdminCustomer), { description: 'The accounts whose email or name holds the search (all without one), most completed airport rides first' })
  customers(@Query(new ZodValidationPipe(AdminCustomersQuery)) query: AdminCustomersQuery): Promise<AdminCustomer[]> {
    return this.services.call(customersRpc.adminCustomers, query);
  }

  @Get('ledger')
  @Header('Cache-Control', 'no-store')
  @ApiResponse(CreditLedger, { description: "An email's Refer & Fly credit: available, reserved, the next to expire, and its ledger (newest first)" })
  ledger(@Query(new ZodValidationPipe(LedgerQuery)) { email }: LedgerQuery): Promise<CreditLedger> {
    return this.services.call(customersRpc.creditLedger, { email });
  }

  @Post('ledger/adjustments')
  @HttpCode(200)
  @ApiResponse(CreditLedger, { description: 'Credit added (+) or taken (-) with a reason, by the signed-in admin: the ledger after it; 400 when it would take the credit below $0.00. With an Idempotency-Key, the same adjustment sent again answers the ledger without adjusting twice (409: the key was used for another adjustment)' })
  adjust(
    @Body(new ZodValidationPipe(CreditAdjustment)) adjustment: CreditAdjustment,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() req: FastifyRequest,
  ): Promise<CreditLedger> {
    const key = idempotencyKeyOf(idempotencyKey);
    // With a key it may be sent again (to another replica while one does not answer).
    return this.services.call(customersRpc.adjustCredit, { ...adjustment, actor: adminActor(req), idempotencyKey: key }, undefined, { idempotent: key !== undefined });
  }
}
