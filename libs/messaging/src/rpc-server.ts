import { Logger } from '@nestjs/common';
import { type CustomTransportStrategy, type MessageHandler, Server } from '@nestjs/microservices';
import type { NatsConnection, Msg, Subscription } from '@nats-io/transport-node';
import { lastValueFrom } from 'rxjs';
import { describeZodError, rpcBySubject, type RpcReply } from '@limo/contracts';
import { REQUEST_ID_HEADER, runWithRequestId, currentRequestId } from '@limo/observability';
import { RpcCallContext } from './contexts.js';
import { rpcSubject } from './subjects.js';
import { TurnBatch } from './turn-batch.js';
import { DATABASE_UNAVAILABLE, toErrorReply } from './service-error.js';

export interface RpcObserver {
  /** One answered call: its subject, its outcome (HTTP-style status) and how long it took. */
  answered(subject: string, status: number, seconds: number): void;
}

export interface NatsRpcServerOptions {
  nc: NatsConnection;
  prefix: string;
  /** Queue group: replicas of one service share the load, each request reaches one of them. */
  queue: string;
  observer?: RpcObserver;
}

/**
 * Nest transport serving `@OnRpc(contract)` / `@MessagePattern(contract.subject)` handlers over
 * core NATS with a queue group. Requests are validated against the contract before the handler
 * runs, and replies before they are sent; errors travel as `{status, message}`. Each call runs
 * under the caller's request id (its `x-request-id` header), so the service's log lines and the
 * events and calls it makes carry it on.
 */
export class NatsRpcServer extends Server implements CustomTransportStrategy {
  protected readonly logger = new Logger('NatsRpcServer');
  private readonly subscriptions: Subscription[] = [];

  constructor(private readonly options: NatsRpcServerOptions) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    try {
      for (const [pattern, handler] of this.messageHandlers) {
        // Event handlers share this map in a hybrid app; the JetStream server serves those.
        if (!handler.isEventHandler) this.serve(pattern, handler);
      }
      callback();
    } catch (error) {
      callback(error);
    }
  }

  private serve(pattern: string, handler: MessageHandler): void {
    const contract = rpcBySubject.get(pattern);
    if (!contract) throw new Error(`No contract in @limo/contracts for message pattern ${pattern}`);
    const sub = this.options.nc.subscribe(rpcSubject(this.options.prefix, pattern), {
      queue: this.options.queue,
      callback: (err, msg) => {
        if (err) return this.logger.error(`subscription ${pattern} failed: ${err.message}`);
        runWithRequestId(msg.headers?.get(REQUEST_ID_HEADER), () => void this.answer(pattern, handler, msg));
      },
    });
    this.subscriptions.push(sub);
  }

  private async answer(pattern: string, handler: MessageHandler, msg: Msg): Promise<void> {
    const started = performance.now();
    const contract = rpcBySubject.get(pattern)!;
    let reply: RpcReply;
    try {
      const parsed = contract.request.safeParse(parseJson(msg));
      if (!parsed.success) {
        this.logger.warn(`rejected ${pattern}: ${describeZodError(parsed.error).message}`);
        reply = { ok: false, error: { status: 400, message: describeZodError(parsed.error).message } };
      } else {
        const context = new RpcCallContext([pattern, currentRequestId() ?? '']);
        const result = await lastValueFrom(this.transformToObservable(await handler(parsed.data, context)), {
          defaultValue: undefined,
        });
        const checked = contract.response.safeParse(result);
        if (!checked.success) {
          this.logger.error(`handler of ${pattern} produced an invalid reply: ${describeZodError(checked.error).message}`);
          reply = { ok: false, error: { status: 500, message: 'Internal server error' } };
        } else {
          reply = { ok: true, data: checked.data };
        }
      }
    } catch (error) {
      const mapped = toErrorReply(error);
      if (mapped.message === DATABASE_UNAVAILABLE) this.logger.warn(`handler of ${pattern} lost its database connection: ${(error as Error)?.message}`);
      else if (mapped.status >= 500) this.logger.error(`handler of ${pattern} failed: ${(error as Error)?.stack ?? JSON.stringify(error)}`);
      reply = { ok: false, error: mapped };
    }
    // With the other replies made in this turn of the event loop (a batch of bookings committed together), in one write.
    if (msg.reply) {
      const body = JSON.stringify(reply);
      TurnBatch.of(this.options.nc).defer(
        () => msg.respond(body),
        (error) => this.logger.warn(`reply to ${pattern} not sent: ${error.message}`),
      );
    }
    this.options.observer?.answered(pattern, reply.ok ? 200 : reply.error.status, (performance.now() - started) / 1000);
  }

  close(): void {
    for (const sub of this.subscriptions.splice(0)) sub.unsubscribe();
  }

  on(): never {
    throw new Error('NatsRpcServer does not emit events');
  }

  unwrap<T>(): T {
    return this.options.nc as T;
  }
}

function parseJson(msg: Msg): unknown {
  try {
    return msg.json();
  } catch {
    return Symbol('invalid json'); // fails any schema, reported as a 400
  }
}
