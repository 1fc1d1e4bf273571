import type { NatsConnection } from '@nats-io/transport-node';

const batches = new WeakMap<NatsConnection, TurnBatch>();

/**
 * Publishes on one connection made during one turn of the event loop, sent together at its end
 * (setImmediate) so they leave in one socket write. nats.js flushes its buffer in a microtask
 * after the first publish, and Node runs microtasks after each socket's callback: fifty HTTP
 * requests read in one turn made fifty writes to nats-server, each waking it. A loopback write
 * cost the gateway about 125 µs of CPU, four times what an HTTP answer's write did (self time in
 * the profiles of `npm run bench bookings`, docs/performance.md). Publishes keep their order; a
 * publish that throws (the connection closed meanwhile) is reported to its own `onError` alone.
 */
export class TurnBatch {
  private pending: { send: () => void; onError: (error: Error) => void }[] = [];

  /** The batch of a connection, shared by everything that publishes on it. */
  static of(nc: NatsConnection): TurnBatch {
    let batch = batches.get(nc);
    if (!batch) batches.set(nc, (batch = new TurnBatch()));
    return batch;
  }

  private constructor() {}

  /** Runs `send` (a publish) at the end of this turn of the event loop, with the others made in it. */
  defer(send: () => void, onError: (error: Error) => void): void {
    if (this.pending.length === 0) setImmediate(() => this.flush());
    this.pending.push({ send, onError });
  }

  private flush(): void {
    const due = this.pending;
    this.pending = [];
    for (const { send, onError } of due) {
      try {
        send();
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
