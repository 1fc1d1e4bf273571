import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { KeptLoads } from './kept-loads.js';
import { eventStreamName } from './subjects.js';
import { watchReconnects } from './reconnects.js';

export interface EventWatchOptions {
  prefix: string;
  /** Event subjects below `<prefix>.evt.`, e.g. `fleet.>`. */
  subjects: string;
  /** Called for every new event (its content is not needed: a cache only drops what it holds). */
  onEvent(): void;
  /** Called with true once events are being watched, false when the watch stopped. */
  onWatching(watching: boolean): void;
  onError?(error: Error): void;
  retryMs?: number;
}

/**
 * Follows new events on some subjects with an ordered consumer of the event stream, for an
 * in-memory cache of one process: every replica gets every event (unlike a shared durable
 * consumer), nothing is stored for it, and after a disconnection the consumer resumes where it
 * was. When it cannot run, `onWatching(false)` tells the cache to stop trusting itself; it is
 * tried again every `retryMs`.
 */
export function watchEvents(nc: NatsConnection, options: EventWatchOptions): { stop(): void } {
  let stopped = false;
  let stopMessages: (() => void) | undefined;
  // A consumer that survived a reconnection may deliver nothing more: start again (see watchReconnects).
  const reconnects = watchReconnects(nc, () => stopMessages?.());
  void (async () => {
    while (!stopped) {
      try {
        const consumer = await jetstream(nc).consumers.get(eventStreamName(options.prefix), {
          filter_subjects: `${options.prefix}.evt.${options.subjects}`,
          deliver_policy: DeliverPolicy.New,
        });
        const messages = await consumer.consume();
        stopMessages = () => void messages.stop();
        if (stopped) break;
        options.onWatching(true);
        for await (const _ of messages) options.onEvent();
      } catch (error) {
        if (!stopped) options.onError?.(error as Error);
      } finally {
        options.onWatching(false);
      }
      if (!stopped) await new Promise((r) => setTimeout(r, options.retryMs ?? 1_000).unref());
    }
  })();
  return {
    stop() {
      stopped = true;
      reconnects.stop();
      stopMessages?.();
    },
  };
}

export interface EventDroppedCacheOptions<T> {
  prefix: string;
  /** The events that change the value (below `<prefix>.evt.`, e.g. `fleet.>`). */
  subjects: string;
  load(): Promise<T>;
  /** A safety net only: events normally drop the value within milliseconds. */
  maxAgeMs: number;
  onWatchError?(error: Error): void;
}

/**
 * One value kept in memory by one replica (a list that rarely changes), dropped on every event
 * that may change it. Used only while the events are watched: otherwise every `get` loads
 * (KeptLoads keeps the rest of the rules).
 */
export class EventDroppedCache<T> {
  private readonly kept: KeptLoads;
  private watch: { stop(): void } | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: EventDroppedCacheOptions<T>,
  ) {
    this.kept = new KeptLoads({ maxAgeMs: options.maxAgeMs });
  }

  start(): void {
    this.watch = watchEvents(this.nc, {
      prefix: this.options.prefix,
      subjects: this.options.subjects,
      onEvent: () => this.drop(),
      // Anything loaded while not watching may predate a change the watch will not report.
      onWatching: (watching) => this.kept.trust(watching),
      onError: this.options.onWatchError,
    });
  }

  stop(): void {
    this.watch?.stop();
  }

  get(): Promise<T> {
    return this.kept.get('value', () => this.options.load());
  }

  drop(): void {
    this.kept.drop();
  }
}
