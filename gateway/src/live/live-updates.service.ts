import { Inject, Injectable, Logger } from '@nestjs/common';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Observable } from 'rxjs';
import type { LiveUpdate } from '@limo/contracts';
import { eventStreamName } from '@limo/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { NATS_CONNECTION } from '../messaging/messaging.module.js';
import { toLiveUpdate } from './live-update.js';

export interface LiveMessage {
  id?: string;
  type: 'update' | 'ping';
  data: LiveUpdate | string;
}

/**
 * Who is watching: the admin sees every ride and driver; a driver only their own rides; a
 * customer following a ride (tracking link) only that ride and its driver's moves, as bare
 * "something changed" notes (type and time), for the page to fetch what it may see.
 */
export type Audience = { kind: 'admin' } | { kind: 'driver'; driverId: number } | { kind: 'ride'; bookingId: number; driverId: number | null };

const PING_MS = 25_000;

/**
 * Server-sent events for the live boards, read straight from the JetStream event stream with an
 * ordered consumer per connection: every gateway replica can serve any client, and a client
 * reconnecting with Last-Event-ID (a stream sequence) gets exactly what it missed.
 */
@Injectable()
export class LiveUpdates {
  private readonly log = new Logger('LiveUpdates');

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  stream(audience: Audience, lastEventId?: string): Observable<LiveMessage> {
    const resumeAfter = /^\d{1,15}$/.test(lastEventId ?? '') ? Number(lastEventId) : undefined;
    return new Observable<LiveMessage>((subscriber) => {
      let stop: (() => void) | undefined;
      let closed = false;
      const ping = setInterval(() => subscriber.next({ type: 'ping', data: '' }), PING_MS);
      (async () => {
        const consumer = await jetstream(this.nc).consumers.get(eventStreamName(this.config.NATS_PREFIX), {
          filter_subjects: `${this.config.NATS_PREFIX}.evt.>`,
          ...(resumeAfter === undefined ? { deliver_policy: DeliverPolicy.New } : { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: resumeAfter + 1 }),
        });
        const messages = await consumer.consume();
        stop = () => void messages.stop();
        if (closed) return stop();
        for await (const msg of messages) {
          let body: unknown;
          try {
            body = msg.json();
          } catch {
            continue;
          }
          const live = toLiveUpdate(body);
          if (!live) continue;
          if (audience.kind === 'driver' && !(live.rides && live.drivers.includes(audience.driverId))) continue;
          if (audience.kind === 'ride') {
            const concerned = live.rides ? live.update.bookingId === audience.bookingId : audience.driverId !== null && live.drivers.includes(audience.driverId);
            if (!concerned) continue;
            subscriber.next({ id: String(msg.seq), type: 'update', data: { type: live.update.type, at: live.update.at } });
            continue;
          }
          subscriber.next({ id: String(msg.seq), type: 'update', data: live.update });
        }
      })().catch((error) => {
        this.log.warn(`live stream ended: ${(error as Error).message}`);
        subscriber.error(error);
      });
      return () => {
        closed = true;
        clearInterval(ping);
        stop?.();
      };
    });
  }
}
