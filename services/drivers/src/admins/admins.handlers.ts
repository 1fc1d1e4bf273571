import { Controller } from '@nestjs/common';
import { driversRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { AdminAccounts } from './admin-accounts.js';

@Controller()
export class AdminsHandlers {
  constructor(private readonly accounts: AdminAccounts) {}

  @OnRpc(driversRpc.verifyAdmin)
  async verify({ username, password }: RpcRequest<typeof driversRpc.verifyAdmin>) {
    return { valid: await this.accounts.verify(username, password) };
  }

  @OnRpc(driversRpc.ensureAdmin)
  async ensure({ username, password }: RpcRequest<typeof driversRpc.ensureAdmin>) {
    return { outcome: await this.accounts.ensure(username, password) };
  }
}
