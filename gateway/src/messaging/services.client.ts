import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { RpcContract, RpcRequestOf, RpcResponseOf } from '@limo/contracts';
import { RpcCallError, RpcClient } from '@limo/messaging';

export const RPC_CLIENT = Symbol('RpcClient');

/** The gateway's one way to reach a service: failures become HTTP errors in the spec's format. */
@Injectable()
export class ServicesClient {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  async call<C extends RpcContract>(contract: C, payload: RpcRequestOf<C>, timeoutMs?: number): Promise<RpcResponseOf<C>> {
    try {
      return await this.rpc.request(contract, payload, { timeoutMs });
    } catch (error) {
      if (error instanceof RpcCallError) {
        throw new HttpException({ statusCode: error.status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.status);
      }
      throw error;
    }
  }
}
