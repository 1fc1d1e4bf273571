import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { RpcContract, RpcRequestOf, RpcResponseOf } from '@limo/contracts';
import { RESEND_AFTER_MS, RpcCallError, RpcClient } from '@limo/messaging';

export const RPC_CLIENT = Symbol('RpcClient');

/** The gateway's one way to reach a service: failures become HTTP errors in the spec's format. */
@Injectable()
export class ServicesClient {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  /** `idempotent`: the call may be made twice with the same effect (a read, a command with an idempotency key). */
  async call<C extends RpcContract>(contract: C, payload: RpcRequestOf<C>, timeoutMs?: number, { idempotent = false }: { idempotent?: boolean } = {}): Promise<RpcResponseOf<C>> {
    try {
      return await this.rpc.request(contract, payload, { timeoutMs, ...(idempotent ? { resendAfterMs: RESEND_AFTER_MS } : {}) });
    } catch (error) {
      if (error instanceof RpcCallError) {
        throw new HttpException({ statusCode: error.status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.status);
      }
      throw error;
    }
  }
}
