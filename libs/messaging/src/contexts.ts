import { BaseRpcContext } from '@nestjs/microservices';
import type { JsMsg } from '@nats-io/jetstream';
import type { EventEnvelope } from '@limo/contracts';
import type { TransactionBatch } from './transaction-batch.js';

/** The second argument of an `@OnRpc` handler: the subject it came in on and the caller's request id. */
export class RpcCallContext extends BaseRpcContext<[subject: string, requestId: string]> {
  get subject(): string {
    return this.args[0];
  }
  get requestId(): string {
    return this.args[1];
  }
}

/**
 * The second argument of an `@OnEvent` handler: the open transaction in which the event's effect
 * commits together with its processed-events row, the envelope and the JetStream message.
 * (The transaction's type is the service's Prisma transaction client; handlers name it.)
 */
export class EventContext<Tx = unknown> extends BaseRpcContext<[tx: Tx, envelope: EventEnvelope, message: JsMsg | undefined, batch: TransactionBatch]> {
  get tx(): Tx {
    return this.args[0];
  }
  get envelope(): EventEnvelope {
    return this.args[1];
  }
  /** Work to do once for all the events of this transaction (see TransactionBatch). */
  get batch(): TransactionBatch {
    return this.args[3];
  }
}
