import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DeliverPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventStreamName, watchReconnects } from '@limo/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { NATS_CONNECTION } from '../messaging/messaging.module.js';
import { toLiveUpdate, type LiveChange } from './live-update.js';

/** An event of the stream as the live boards read it: its position and what it changed. */
export interface LiveEvent {
  seq: number;
  change: LiveChange;
}

export interface LiveListener {
  next(event: LiveEvent): void;
  /** The hub stopped reading: the board's stream ends, and its browser reconnects with Last-Event-ID. */
  error(error: Error): void;
  /** The gateway is shutting down: the stream ends, and its browser reconnects (to another replica). */
  end(): void;
}

/** The names of the hub's and the replays' consumers begin with these (operators and tests tell them apart). */
export const LIVE_HUB_CONSUMER = 'live-hub';
const LIVE_REPLAY_CONSUMER = 'live-replay';

/**
 * How far back a reconnecting board is replayed. Further back, it starts from the next event:
 * every page refetches what it shows after any reconnection (use-live-updates.ts), and a replay
 * of a long stretch of the stream (a public tracking link may ask for it) would cost every other
 * board on this replica.
 */
const MAX_REPLAY = 1_000;

/** What a board reconnecting with Last-Event-ID gets of the stream. */
export type Replay = 'replayed' | 'too-far-back';

/**
 * The live boards' events, read once per gateway replica: one ordered consumer of the event
 * stream, each event parsed once and handed to every open board, which keeps what its audience
 * may see. With an ordered consumer per open board, NATS delivered and this process parsed every
 * event once per board: 50 drivers' boards open made an assignment burst CPU-bound here
 * (`npm run bench dispatch`). A board that reconnects with Last-Event-ID reads what it missed
 * from the stream itself (`replay`), then goes on with the hub.
 */
@Injectable()
export class LiveEventHub implements OnModuleDestroy {
  private readonly log = new Logger('LiveEventHub');
  private readonly listeners = new Set<LiveListener>();
  private running: Promise<void> | null = null;
  private stopMessages: (() => void) | undefined;
  private closed = false;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Hands the listener every event the hub reads from now on. `ready` resolves once the hub reads
   * the stream: every event stored after that reaches the listener.
   */
  subscribe(listener: LiveListener): { ready: Promise<void>; unsubscribe(): void } {
    this.listeners.add(listener);
    return { ready: this.start(), unsubscribe: () => void this.listeners.delete(listener) };
  }

  /**
   * The events stored after `after` up to the stream's end as it is now, in order, for a board
   * catching up (at most MAX_REPLAY back); `isClosed` stops it early when the board goes away.
   */
  async replay(after: number, deliver: (event: LiveEvent) => void, isClosed: () => boolean): Promise<Replay> {
    const state = await this.streamState();
    // An id from another stream (recreated since) or too old: start from what comes next.
    if (after > state.last_seq || state.last_seq - after > MAX_REPLAY) return 'too-far-back';
    if (state.last_seq === after || state.messages === 0 || isClosed()) return 'replayed';
    const consumer = await this.consumerFrom(LIVE_REPLAY_CONSUMER, after + 1);
    const messages = await consumer.consume();
    try {
      for await (const msg of messages) {
        const event = this.parse(msg);
        if (event) deliver(event);
        if (isClosed() || msg.info.pending === 0 || msg.seq >= state.last_seq) break;
      }
    } finally {
      void messages.stop();
      // Not left on the server for its inactivity threshold.
      void consumer.delete().catch(() => {});
    }
    return 'replayed';
  }

  onModuleDestroy(): void {
    this.closed = true;
    this.stopMessages?.();
    for (const listener of [...this.listeners]) listener.end();
    this.listeners.clear();
  }

  /** The event stream's state now (its last sequence, how many messages it holds). */
  private async streamState() {
    return (await (await jetstreamManager(this.nc)).streams.info(eventStreamName(this.config.NATS_PREFIX))).state;
  }

  /** An ordered consumer of the live boards' events from stream sequence `seq` on. */
  private consumerFrom(namePrefix: string, seq: number) {
    return jetstream(this.nc).consumers.get(eventStreamName(this.config.NATS_PREFIX), {
      name_prefix: `${namePrefix}-${randomBytes(6).toString('hex')}`,
      filter_subjects: `${this.config.NATS_PREFIX}.evt.>`,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: seq,
    });
  }

  private parse(msg: JsMsg): LiveEvent | null {
    let body: unknown;
    try {
      body = msg.json();
    } catch {
      return null;
    }
    const change = toLiveUpdate(body);
    return change ? { seq: msg.seq, change } : null;
  }

  /** Starts reading (once); resolves when the consumer is in place. */
  private start(): Promise<void> {
    if (this.running) return this.running;
    let consuming!: () => void;
    const ready = new Promise<void>((resolve) => (consuming = resolve));
    const done = this.read(consuming).then(() => {
      if (!this.closed) throw new Error('live events stopped');
    });
    const running = Promise.race([ready, done]);
    this.running = running;
    done.catch((error: Error) => {
      // Forgotten first, so that a board opening from here on starts a new reader.
      if (this.running === running) this.running = null;
      this.stopMessages = undefined;
      this.log.warn(`live events ended: ${error.message}`);
      // Every open board ends; browsers reconnect with Last-Event-ID and miss nothing.
      for (const listener of [...this.listeners]) listener.error(error);
      this.listeners.clear();
    });
    return running;
  }

  /**
   * Reads the stream from the position after the last event handed on. When the NATS connection
   * comes back (see watchReconnects), the consumer is dropped and a new one made from that same
   * position: open boards miss nothing and see nothing twice.
   */
  private async read(consuming: () => void): Promise<void> {
    // From a known position rather than DeliverPolicy.New, which would leave the consumer's
    // position unknown until its first message.
    let position = (await this.streamState()).last_seq;
    let renew = () => {};
    const reconnects = watchReconnects(this.nc, () => renew());
    try {
      while (!this.closed) {
        const consumer = await this.consumerFrom(LIVE_HUB_CONSUMER, position + 1);
        const messages = await consumer.consume();
        let renewing = false;
        this.stopMessages = () => void messages.stop();
        renew = () => {
          renewing = true;
          void messages.stop();
        };
        if (this.closed) return this.stopMessages();
        consuming();
        for await (const msg of messages) {
          position = msg.seq;
          const event = this.parse(msg);
          if (!event) continue;
          for (const listener of this.listeners) listener.next(event);
        }
        void consumer.delete().catch(() => {});
        if (!renewing) return;
      }
    } finally {
      reconnects.stop();
    }
  }
}
