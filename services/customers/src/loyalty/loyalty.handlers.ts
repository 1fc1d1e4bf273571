import { Controller } from '@nestjs/common';
import { customersRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { LoyaltyQueries } from './loyalty.queries.js';

@Controller()
export class LoyaltyHandlers {
  constructor(private readonly queries: LoyaltyQueries) {}

  @OnRpc(customersRpc.loyalty)
  card({ email }: RpcRequest<typeof customersRpc.loyalty>) {
    return this.queries.card(email);
  }

  @OnRpc(customersRpc.adminCustomers)
  customers({ search }: RpcRequest<typeof customersRpc.adminCustomers>) {
    return this.queries.customers(search || undefined);
  }
}
