import { Injectable } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { LiveUpdate } from '@limo/contracts';
import { LiveEventHub, type LiveEvent } from './live-event-hub.js';

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

/** What an audience is sent of an event, if anything. */
function messageFor(audience: Audience, { seq, change }: LiveEvent): LiveMessage | null {
  const id = String(seq);
  if (audience.kind === 'driver') return change.rides && change.drivers.includes(audience.driverId) ? { id, type: 'update', data: change.update } : null;
  if (audience.kind === 'ride') {
    const concerned = change.rides ? change.update.bookingId === audience.bookingId : audience.driverId !== null && change.drivers.includes(audience.driverId);
    return concerned ? { id, type: 'update', data: { type: change.update.type, at: change.update.at } } : null;
  }
  return { id, type: 'update', data: change.update };
}

/**
 * Server-sent events for the live boards, from the JetStream event stream (LiveEventHub): every
 * gateway replica can serve any client, and a client reconnecting with Last-Event-ID (a stream
 * sequence) gets exactly what it missed (up to MAX_REPLAY events back), then what follows, each
 * event once and in order.
 */
@Injectable()
export class LiveUpdates {
  constructor(private readonly hub: LiveEventHub) {}

  stream(audience: Audience, lastEventId?: string): Observable<LiveMessage> {
    const resumeAfter = /^\d{1,15}$/.test(lastEventId ?? '') ? Number(lastEventId) : undefined;
    return new Observable<LiveMessage>((subscriber) => {
      let closed = false;
      // Events come from the replay and the hub, which may overlap: each is sent once, in order.
      let lastSeq = resumeAfter ?? 0;
      const send = (event: LiveEvent) => {
        if (event.seq <= lastSeq) return;
        lastSeq = event.seq;
        const message = messageFor(audience, event);
        if (message) subscriber.next(message);
      };
      // While a reconnecting board catches up, the hub's events wait behind the replay.
      let held: LiveEvent[] | null = resumeAfter === undefined ? null : [];
      const { ready, unsubscribe } = this.hub.subscribe({
        next: (event) => (held ? held.push(event) : send(event)),
        error: (error) => subscriber.error(error),
        end: () => subscriber.complete(),
      });
      const ping = setInterval(() => subscriber.next({ type: 'ping', data: '' }), PING_MS);
      const caughtUp = async () => {
        await ready;
        if (resumeAfter === undefined) return;
        // Too far back (or from a stream since recreated): the board goes on from what comes next.
        if ((await this.hub.replay(resumeAfter, send, () => closed)) === 'too-far-back') lastSeq = 0;
        const waiting = held ?? [];
        held = null;
        for (const event of waiting) send(event);
      };
      caughtUp().catch((error: Error) => subscriber.error(error));
      return () => {
        closed = true;
        clearInterval(ping);
        unsubscribe();
      };
    });
  }
}
