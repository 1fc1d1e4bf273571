import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { KeptLoads } from './kept-loads.js';
import { changedSubject } from './subjects.js';

export interface ChangeDroppedCacheOptions {
  prefix: string;
  /** The service whose answers are kept (its ChangeAnnouncer's announcements drop them). */
  service: string;
  /** A safety net only (an announcement lost with a crashed replica): changes drop answers within milliseconds. */
  maxAgeMs: number;
  /** Distinct requests kept at most (request parameters come from clients); past it, all are dropped. */
  maxEntries?: number;
}

/**
 * A reader's copy of another service's answers, by request, dropped whenever that service
 * announces that its data changed (after it commits, so a load started after the announcement
 * sees the change; a load still in flight when it arrives is answered but not kept). Trusted only
 * while the announcements can be heard: when the connection drops, every `get` loads until it is
 * back, and what was kept before is dropped then (KeptLoads keeps the rest of the rules).
 *
 * Written here rather than taken from a caching library because the part that matters is the
 * dropping: by an announcement over NATS, with the connection's state deciding whether to trust.
 */
export class ChangeDroppedCache {
  private readonly kept: KeptLoads;
  private subscription: Subscription | undefined;
  private stopped = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: ChangeDroppedCacheOptions,
  ) {
    this.kept = new KeptLoads(options);
  }

  start(): void {
    this.subscription = this.nc.subscribe(changedSubject(this.options.prefix, this.options.service), { callback: () => this.drop() });
    // The server has the subscription once a round trip has gone through.
    void this.nc.flush().then(() => this.kept.trust(!this.stopped && !this.nc.isClosed()), () => this.kept.trust(false));
    void (async () => {
      for await (const status of this.nc.status()) {
        if (status.type === 'disconnect' || status.type === 'close') this.kept.trust(false);
        else if (status.type === 'reconnect') this.kept.trust(!this.stopped && !this.subscription?.isClosed());
      }
    })();
    void this.subscription.closed.then(() => this.kept.trust(false));
  }

  stop(): void {
    this.stopped = true;
    this.kept.trust(false);
    this.subscription?.unsubscribe();
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.kept.get(key, load);
  }

  drop(): void {
    this.kept.drop();
  }
}
