import { Logger } from '@nestjs/common';
import { type CustomTransportStrategy, type MessageHandler, Server } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import { lastValueFrom } from 'rxjs';
import type { TransactionalDb } from '@limo/database';
import { EventContext } from './contexts.js';
import { DurableEventConsumer, type ConsumerObserver, type EventEffect } from './event-consumer.js';
import { consumerOptionsOf } from './handler-decorators.js';

export interface JetStreamEventServerOptions {
  nc: NatsConnection;
  prefix: string;
  db: TransactionalDb;
  ackWaitMs?: number;
  observer?: ConsumerObserver;
  /** Called after any consumer commits applied events (the service announces the change). */
  onCommitted?: () => void;
  /** How often each consumer audits its durable (DurableEventConsumer); 0: never. */
  auditEveryMs?: number;
}

/**
 * Nest transport serving `@OnEvent(contract)` handlers from JetStream. The handlers of one
 * `@EventConsumer` class form one durable pull consumer; every replica of the service joins the
 * same durables, so each event is applied once per consumer. A handler runs inside the
 * transaction that also records the event as processed (`EventContext.tx`): its effect and that
 * record commit together or not at all.
 */
export class JetStreamEventServer extends Server implements CustomTransportStrategy {
  protected readonly logger = new Logger('JetStreamEventServer');
  private consumers: DurableEventConsumer[] = [];

  constructor(private readonly options: JetStreamEventServerOptions) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    this.start().then(
      () => callback(),
      (error) => callback(error),
    );
  }

  /** The durable consumers this server runs, by name (tests and metrics read them). */
  get durables(): string[] {
    return this.consumers.map((c) => c.durable);
  }

  private async start(): Promise<void> {
    const groups = new Map<string, Map<string, MessageHandler[]>>();
    for (const [type, head] of this.messageHandlers) {
      // Nest chains several handlers of one event type through `next` and calls the whole chain
      // from its head; handlers of different consumers must run apart, so the chain is undone.
      for (const handler of unchain(head)) {
        if (!handler.isEventHandler) continue;
        const consumer = consumerOptionsOf(handler.extras);
        if (!consumer) throw new Error(`The @OnEvent handler of ${type} is not in an @EventConsumer class`);
        const byType = groups.get(consumer.durable) ?? new Map<string, MessageHandler[]>();
        byType.set(type, [...(byType.get(type) ?? []), handler]);
        groups.set(consumer.durable, byType);
      }
    }
    this.consumers = [...groups].map(
      ([durable, byType]) =>
        new DurableEventConsumer({
          nc: this.options.nc,
          prefix: this.options.prefix,
          db: this.options.db,
          durable,
          filter: filterFor([...byType.keys()]),
          handlers: Object.fromEntries([...byType].map(([type, handlers]) => [type, this.effectOf(handlers)])),
          ackWaitMs: this.options.ackWaitMs,
          observer: this.options.observer,
          onCommitted: this.options.onCommitted,
          auditEveryMs: this.options.auditEveryMs,
          log: (m) => this.logger.warn(m),
        }),
    );
    await Promise.all(this.consumers.map((c) => c.start()));
  }

  private effectOf(handlers: MessageHandler[]): EventEffect {
    return async (envelope, tx, batch, message) => {
      for (const handler of handlers) {
        const context = new EventContext([tx, envelope, message, batch]);
        await lastValueFrom(this.transformToObservable(await handler(envelope, context)), { defaultValue: undefined });
      }
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
    this.consumers = [];
  }

  on(): never {
    throw new Error('JetStreamEventServer does not emit events');
  }

  unwrap<T>(): T {
    return this.options.nc as T;
  }
}

function unchain(head: MessageHandler): MessageHandler[] {
  const handlers: MessageHandler[] = [];
  for (let handler: MessageHandler | undefined = head; handler; ) {
    const next: MessageHandler | undefined = handler.next;
    handler.next = undefined;
    handlers.push(handler);
    handler = next;
  }
  return handlers;
}

/**
 * The subject filter of a consumer: its one type's subject when it reads one, `<source>.>` when
 * all its types come from one service, else every event (NATS 2.9 has no multi-subject filters;
 * types without a handler are acknowledged by their subject, unread).
 */
export function filterFor(types: string[]): string {
  if (types.length === 1) return types[0];
  const sources = new Set(types.map((t) => t.split('.')[0]));
  return sources.size === 1 ? `${[...sources][0]}.>` : '>';
}
