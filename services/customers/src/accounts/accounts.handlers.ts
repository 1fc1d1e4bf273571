import { Controller } from '@nestjs/common';
import { customersRpc } from '@limo/contracts';
import { notFound, OnRpc, type RpcRequest } from '@limo/messaging';
import { PrismaClient } from '../generated/prisma/client.js';
import { toCustomer } from './customers.repository.js';

@Controller()
export class AccountsHandlers {
  constructor(private readonly db: PrismaClient) {}

  /** The customer's saved contact details (the wizard's prefill); the gateway passes the session's email. */
  @OnRpc(customersRpc.updateAccount)
  async update({ email, name, phone }: RpcRequest<typeof customersRpc.updateAccount>) {
    const [row] = await this.db.customer.updateManyAndReturn({ where: { email }, data: { name, phone } });
    if (!row) throw notFound('No account for this email');
    return toCustomer(row);
  }
}
