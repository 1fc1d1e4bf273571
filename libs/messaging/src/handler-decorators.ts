import 'reflect-metadata';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import type { EventContract, EventDataOf, EventEnvelope, RpcContract } from '@limo/contracts';

/** What an event handler receives: the envelope with its data parsed by the contract. */
export type EventOf<C extends EventContract> = EventEnvelope<EventDataOf<C>>;
/** What an RPC handler receives: the request after its contract has parsed it (defaults applied). */
export type RpcRequest<C extends RpcContract> = z.output<C['request']>;
/** What an RPC handler may return: anything its contract's response schema accepts. */
export type RpcResult<C extends RpcContract> = z.input<C['response']> | Promise<z.input<C['response']>>;

type AnyMethod = (...args: any[]) => unknown;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A handler whose first parameter (if it takes one) is exactly `Expected` (never a wider or narrower type) and
 * whose result fits `Result`; any other method type becomes `never`, so the decorator call fails
 * to compile. TypeScript compares method parameters both ways, which alone would accept a handler
 * typed for a subset of the payload.
 */
type Checked<M extends AnyMethod, Expected, Result> = M extends (...args: infer A) => infer R
  ? (A extends [] ? true : A extends [infer P, ...any[]] ? Same<P, Expected> : false) extends true
    ? [R] extends [Result]
      ? M
      : never
    : never
  : never;

/**
 * `@OnRpc(contract)`: serves the contract's subject (Nest's `@MessagePattern`). The transport
 * validates the request before the method runs and its reply before it is sent; the method's
 * types must be the contract's, or it does not compile.
 */
export function OnRpc<C extends RpcContract>(contract: C) {
  return <M extends AnyMethod>(target: object, key: string | symbol, descriptor: { value?: M & Checked<M, RpcRequest<C>, RpcResult<C>> }): void => {
    MessagePattern(contract.subject)(target, key, descriptor as PropertyDescriptor);
    payloadAndContext(target, key);
  };
}

/**
 * Hands the handler the payload and the transport's context as its two arguments, as
 * `@Payload()` and `@Ctx()` would: without them Nest passes the payload only.
 */
function payloadAndContext(target: object, key: string | symbol): void {
  Payload()(target, key, 0);
  Ctx()(target, key, 1);
}

const CONSUMER = Symbol('limo:eventConsumer');

export interface EventConsumerOptions {
  /**
   * Durable consumer name, shared by every replica of the service (they split its messages). It
   * also keys `processed_events`, so renaming it replays the stream for this consumer.
   */
  durable: string;
}

/** Marks a class of `@OnEvent` handlers as one durable JetStream consumer. */
export function EventConsumer(options: EventConsumerOptions): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(CONSUMER, options, target);
  };
}

/** Extras Nest keeps beside every `@OnEvent` handler: which class declared it. */
export interface EventHandlerExtras {
  declaredBy: Function;
}

export function consumerOptionsOf(extras: unknown): EventConsumerOptions | undefined {
  const declaredBy = (extras as Partial<EventHandlerExtras> | undefined)?.declaredBy;
  return declaredBy ? (Reflect.getMetadata(CONSUMER, declaredBy) as EventConsumerOptions | undefined) : undefined;
}

/**
 * `@OnEvent(contract, ...more)`: applies the contract's event inside the consumer's transaction
 * (Nest's `@EventPattern`). The first parameter must be exactly `EventOf<typeof contract>` (for
 * several contracts, `EventOf<typeof a | typeof b>`: one method for events handled alike), so a
 * handler typed for another payload fails to compile; the second is the `EventContext` with the
 * transaction. The class must carry `@EventConsumer`.
 */
export function OnEvent<C extends [EventContract, ...EventContract[]]>(...contracts: C) {
  return <M extends AnyMethod>(target: object, key: string | symbol, descriptor: { value?: M & Checked<M, EventOf<C[number]>, unknown> }): void => {
    const extras: EventHandlerExtras = { declaredBy: target.constructor };
    EventPattern(
      contracts.map((c) => c.type),
      extras,
    )(target, key, descriptor as PropertyDescriptor);
    payloadAndContext(target, key);
  };
}
