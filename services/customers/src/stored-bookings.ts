import { Injectable, Logger } from '@nestjs/common';
import { bookingRpc, RESERVATION_HOLDERS_MAX, type ReservationHolder } from '@limo/contracts';
import { RpcCallError, RpcClient } from '@limo/messaging';

/**
 * A hold no booking event has bound within this long is looked at by housekeeping: its booking was
 * stored with its event late, or never stored. Keep it well above the booking service's
 * STORE_HOLDS_WITHIN_MS (5 minutes, services/booking/src/benefits/hold-age.ts), the longest it
 * stores a booking after taking its holds.
 */
export const UNBOUND_HOLD_MS = 15 * 60_000;

/** The booking is stored right after its hold: bookings made this long before the oldest hold are searched too (clocks of two databases). */
const SINCE_MARGIN_MS = 3_600_000;
const HOLDERS_TIMEOUT_MS = 5_000;

/** A hold (benefits or a company's transfer) no `created` event has bound yet. */
export interface UnboundHold {
  id: string;
  createdAt: Date;
}

/**
 * Before housekeeping gives back a hold that no booking event has bound after a while, it asks the
 * booking service whether a stored booking names it. Most such holds belong to bookings never
 * stored (the booking service crashed between its hold and its insert). But a booking stored while
 * this service or JetStream was down has its `created` event still on the way; giving its hold back
 * would let the same credit, free ride or transfer be spent twice, and the event would find
 * nothing to bind. Such a hold is bound to its booking instead, as the event would have bound it.
 */
@Injectable()
export class StoredBookings {
  private readonly log = new Logger('StoredBookings');

  constructor(private readonly rpc: RpcClient) {}

  /**
   * The holds a stored booking names (to bind) and the others (to give back); null when the
   * booking service cannot say: nothing is given back then, and the next sweep asks again.
   */
  async sort(holds: UnboundHold[]): Promise<{ stored: ReservationHolder[]; neverStored: string[] } | null> {
    if (holds.length === 0) return { stored: [], neverStored: [] };
    const stored: ReservationHolder[] = [];
    try {
      for (let i = 0; i < holds.length; i += RESERVATION_HOLDERS_MAX) {
        const page = holds.slice(i, i + RESERVATION_HOLDERS_MAX);
        const oldest = Math.min(...page.map((hold) => hold.createdAt.getTime()));
        const since = new Date(oldest - SINCE_MARGIN_MS).toISOString();
        stored.push(...(await this.rpc.request(bookingRpc.reservationHolders, { reservationIds: page.map((hold) => hold.id), since }, { timeoutMs: HOLDERS_TIMEOUT_MS })));
      }
    } catch (error) {
      const message = `${holds.length} unbound holds kept: the booking service could not say whether their bookings are stored (${(error as Error).message})`;
      // A refusal of the question itself will not pass by waiting, as an outage does: it needs someone.
      if (error instanceof RpcCallError && error.status < 500) this.log.error(message);
      else this.log.warn(message);
      return null;
    }
    const named = new Set(stored.map((holder) => holder.reservationId));
    if (stored.length > 0) this.log.warn(`${stored.length} holds bound to bookings whose created events have not arrived yet: ${stored.map((h) => `${h.reservationId} → ${h.bookingId}`).join(', ')}`);
    return { stored, neverStored: holds.map((hold) => hold.id).filter((id) => !named.has(id)) };
  }

  /**
   * Housekeeping's pass over one kind of hold: those unbound for UNBOUND_HOLD_MS are bound to the
   * stored booking that names them, and the others released; nothing is released while the
   * booking service cannot say. Answers how many were released.
   */
  async sweep(
    now: Date,
    holds: { unboundSince(before: Date): Promise<UnboundHold[]>; bind(stored: ReservationHolder[]): Promise<void>; release(ids: string[]): Promise<number> },
  ): Promise<number> {
    const sorted = await this.sort(await holds.unboundSince(new Date(now.getTime() - UNBOUND_HOLD_MS)));
    if (!sorted) return 0;
    await holds.bind(sorted.stored);
    return holds.release(sorted.neverStored);
  }
}
