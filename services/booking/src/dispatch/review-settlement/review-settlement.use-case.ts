import { Injectable } from '@nestjs/common';
import { bookingEvents, DISPATCH_MESSAGES as M, type Actor, type Booking, type Settlement, type SettlementReview } from '@limo/contracts';
import { badRequest, conflict, notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import type { Prisma } from '../../generated/prisma/client.js';
import { SettlementTerms } from '../../rates/settlement-terms.js';
import { settlementOf, toBooking, toSnapshot, waitOf } from '../../rides/booking.mapper.js';
import { DispatchRepository } from '../../rides/dispatch.repository.js';
import { RidesRepository, type BookingTx } from '../../rides/rides.repository.js';
import { extraOverCap, settlementLines } from '../../rides/settlement.js';

export interface ReviewSettlementCommand {
  bookingId: number;
  review: SettlementReview;
  actor: Actor;
}

/**
 * An admin reviews a completed ride's final price (decisions.md, "Airport rides"): approves it as
 * settled, or adjusts the wait charged and the extras with a reason, which approves it too. The
 * earnings move with an adjustment; `booking.ride.settled` carries the result, from which the
 * customer's receipt goes out (a corrected one when an approved price is adjusted). Decided on
 * the locked row: two reviews at once are one after the other, and a second approval is a 409.
 */
@Injectable()
export class ReviewSettlement {
  constructor(
    private readonly outbox: Outbox,
    private readonly rides: RidesRepository,
    private readonly dispatch: DispatchRepository,
    private readonly terms: SettlementTerms,
  ) {}

  async execute({ bookingId, review, actor }: ReviewSettlementCommand): Promise<Booking> {
    const terms = await this.terms.get();
    if (review.decision === 'adjust') {
      const overCap = extraOverCap(review.extras, terms.extraCap);
      if (overCap) throw badRequest(overCap);
    }
    const updated = await this.outbox.transaction(async (tx: BookingTx, events) => {
      const row = await this.rides.lock(tx, bookingId);
      if (!row) throw notFound(M.bookingNotFound);
      const before = settlementOf(row);
      if (row.status !== 'completed' || !before) throw conflict(M.notSettled);
      if (review.version !== undefined && review.version !== row.version) throw conflict(M.settlementChanged);
      if (review.decision === 'approve' && before.status === 'approved') throw conflict(M.alreadyApproved);
      const now = new Date();
      const data: Prisma.BookingUpdateInput = { version: row.version + 1, settlementStatus: 'approved', reviewedAt: now, reviewedBy: actor.name ?? actor.kind };
      if (review.decision === 'adjust') {
        // The driver earns from the adjusted lines only when they earned the ride (an admin's completion of a ride nobody accepted earns nobody).
        Object.assign(data, settlementLines(row, review.wait, review.extras, terms, row.driverEarnings !== null), { adjustmentReason: review.reason });
      }
      const next = await this.rides.update(tx, bookingId, data);
      const after = settlementOf(next) as Settlement;
      await this.dispatch.appendTimeline(tx, { bookingId, at: now, kind: 'edited', actor, detail: reviewDetail(before, after, review) });
      await events.append(bookingEvents.rideSettled, bookingId, {
        booking: toSnapshot(next),
        settlement: after,
        wait: waitOf(next),
        actor,
        corrected: before.status === 'approved',
      });
      return next;
    });
    return toBooking(updated);
  }
}

/** The history's words: 'Final price $114.25 approved', or 'Final price adjusted from $114.25 to $95.00: parking was validated'. */
function reviewDetail(before: Settlement, after: Settlement, review: SettlementReview): string {
  if (review.decision === 'approve') return `Final price $${after.finalAmount} approved`;
  return `Final price adjusted from $${before.finalAmount} to $${after.finalAmount}: ${review.reason}`;
}
