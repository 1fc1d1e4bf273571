import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import { AdminCustomer, AdminCustomersQuery, customersRpc } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

/** The admin's Customers page: the accounts with their Next One's on Us count, rewards and VIP. */
@AdminOnly()
@Controller('api/admin/customers')
export class AdminCustomersController {
  constructor(private readonly services: ServicesClient) {}

  @Get()
  @ApiResponse(z.array(AdminCustomer), { description: 'The accounts whose email or name holds the search (all without one), most completed airport rides first' })
  customers(@Query(new ZodValidationPipe(AdminCustomersQuery)) query: AdminCustomersQuery): Promise<AdminCustomer[]> {
    return this.services.call(customersRpc.adminCustomers, query);
  }
}
