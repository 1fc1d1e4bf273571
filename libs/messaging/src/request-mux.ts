import { createInbox, errors, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { TurnBatch } from './turn-batch.js';

/** Why a request got no reply: nobody subscribed (the server said so at once), or none in time. */
export class RequestFailure extends Error {
  constructor(
    readonly kind: 'no-responders' | 'timeout' | 'connection',
    message: string,
  ) {
    super(message);
  }
}

interface Waiting {
  subject: string;
  resolve(msg: Msg): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const muxes = new WeakMap<NatsConnection, RequestMux>();

/**
 * Request/reply over one wildcard inbox subscription per connection, as nats.js's own
 * `request()` does, written again because that one builds an `Error` with its stack for every
 * request it *answers* (`RequestOne.cancel` rejects the already-settled promise with a new
 * `RequestError("cancelled")`, @nats-io/nats-core 3.4.0, the latest), besides a deferred and a
 * timer object per request: 2.5% of the gateway's CPU and 1.4% of the booking service's under
 * `npm run bench bookings` (docs/performance.md). Behaviour kept: the reply comes to
 * `<inbox prefix>.<id>.<token>` (the connection's `inboxPrefix`, which NATS permissions allow),
 * the server's 503 status means no responders, a timer bounds the wait, a publish the server
 * refuses (NATS permissions) fails the requests to that subject at once, and a closed connection
 * fails whatever waits.
 */
export class RequestMux {
  private readonly waiting = new Map<string, Waiting>();
  private readonly inbox: string;
  private sub: Subscription | undefined;
  private next = 0;
  private readonly outbound: TurnBatch;

  /** One per connection, shared by everything that makes requests over it. */
  static of(nc: NatsConnection): RequestMux {
    let mux = muxes.get(nc);
    if (!mux) muxes.set(nc, (mux = new RequestMux(nc)));
    return mux;
  }

  private constructor(private readonly nc: NatsConnection) {
    this.outbound = TurnBatch.of(nc);
    // The connection's inbox prefix (set from its NATS user by connectNats) is not on the
    // NatsConnection interface; nats.js keeps its options on the connection object.
    const options = (nc as unknown as { options?: { inboxPrefix?: string } }).options;
    this.inbox = createInbox(options?.inboxPrefix);
    // Its end (the connection closed, or was already) is nothing to report.
    this.watchRefusals().catch(() => {});
  }

  /** The server refuses a publish with an error that names its subject, not the request's inbox. */
  private async watchRefusals(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type !== 'error') continue;
      const error = (status as { error?: unknown }).error;
      if (!(error instanceof errors.PermissionViolationError) || error.operation !== 'publish') continue;
      for (const [token, waiting] of [...this.waiting]) {
        if (waiting.subject === error.subject) this.fail(token, new RequestFailure('connection', error.message));
      }
    }
  }

  request(subject: string, data: string | Uint8Array, opts: { timeoutMs: number; headers?: MsgHdrs }): Promise<Msg> {
    return new Promise<Msg>((resolve, reject) => {
      let token = '';
      try {
        this.subscribe();
        token = (this.next++).toString(36);
        const timer = setTimeout(() => this.fail(token, new RequestFailure('timeout', `no reply from ${subject} within ${opts.timeoutMs} ms`)), opts.timeoutMs);
        this.waiting.set(token, { subject, resolve, reject, timer });
        // Sent with the others made in this turn of the event loop, in one write (TurnBatch).
        this.outbound.defer(
          () => this.nc.publish(subject, data, { reply: `${this.inbox}.${token}`, headers: opts.headers }),
          // A closed or draining connection: nothing was sent.
          (error) => this.fail(token, error),
        );
      } catch (error) {
        // A closed connection (no subscription), a bad subject: nothing was sent.
        const waiting = this.waiting.get(token);
        if (waiting) clearTimeout(waiting.timer);
        this.waiting.delete(token);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private subscribe(): void {
    if (this.sub && !this.sub.isClosed()) return;
    const sub = this.nc.subscribe(`${this.inbox}.*`, {
      callback: (error, msg) => {
        if (error) this.closed(sub, error.message);
        else this.answer(msg);
      },
    });
    this.sub = sub;
    // It resolves (with the error, if any) when the connection closes or the server refuses the
    // subscription: nothing more will come to what waits.
    void sub.closed.then((error) => this.closed(sub, error ? error.message : 'connection closed'));
  }

  /** What waits fails with the subscription it waited on; the next request subscribes again. */
  private closed(sub: Subscription, reason: string): void {
    if (this.sub !== sub) return;
    this.sub = undefined;
    for (const token of [...this.waiting.keys()]) this.fail(token, new RequestFailure('connection', reason));
  }

  private answer(msg: Msg): void {
    const token = msg.subject.slice(this.inbox.length + 1);
    const waiting = this.waiting.get(token);
    if (!waiting) return; // timed out already
    this.waiting.delete(token);
    clearTimeout(waiting.timer);
    // The server answers a request nobody is subscribed to with an empty 503 status message.
    if (msg.data.length === 0 && msg.headers?.code === 503) waiting.reject(new RequestFailure('no-responders', 'no responders'));
    else waiting.resolve(msg);
  }

  private fail(token: string, error: Error): void {
    const waiting = this.waiting.get(token);
    if (!waiting) return;
    this.waiting.delete(token);
    clearTimeout(waiting.timer);
    waiting.reject(error);
  }
}
