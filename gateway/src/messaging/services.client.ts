import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { RpcContract, RpcRequestOf, RpcResponseOf } from '@limo/contracts';
import { RpcCallError, RpcClient } from '@limo/messaging';

export const RPC_CLIENT = Symbol('RpcClient');

/**
 * A call that may be made twice is sent again after this long without a reply, or with a
 * replica's "could not reach its database" (RpcClient's resendAfterMs): well above a loaded service's p99 (tens of ms on one machine,
 * docs/performance.md), and five copies within the 5 s timeout. Each copy goes to any replica,
 * the cut-off host's with a chance of one in three, so all five are lost one time in 243
 * (three copies at 1.5 s were lost one time in 27, twice in a 20 s partition of the fault suite).
 */
const RESEND_AFTER_MS = 1000;

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
