import { Controller } from '@nestjs/common';
import { customersRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { SessionsRepository } from './sessions.repository.js';

@Controller()
export class SessionsHandlers {
  constructor(private readonly sessions: SessionsRepository) {}

  @OnRpc(customersRpc.session)
  session({ token }: RpcRequest<typeof customersRpc.session>) {
    return this.sessions.customerOf(token);
  }

  @OnRpc(customersRpc.endSession)
  async end({ token }: RpcRequest<typeof customersRpc.endSession>) {
    await this.sessions.end(token);
    return {};
  }
}
