import { Injectable } from '@nestjs/common';
import { bookingEvents, type Actor } from '@limo/contracts';
import type { EventWriter } from '@limo/database';
import { DispatchRepository } from '../../rides/dispatch.repository.js';
import { QuoteRides } from '../../rates/quote-rides/quote-rides.use-case.js';
import { heldBenefits, heldPlan } from '../../rates/apply-benefits.js';
import { quoteColumns } from '../booking-rules.js';
import { priceOf, toSnapshot } from '../../rides/booking.mapper.js';
import { RidesRepository, type BookingRow, type BookingTx } from '../../rides/rides.repository.js';
import { storedRide } from '../update-booking/ride-edit.js';
import { returnAloneDetail } from './round-trip-rules.js';

/** A return leg still to be driven: the only one whose price can follow its outbound's cancellation. */
const NOT_STARTED = new Set(['pending', 'confirmed']);

/**
 * Roundtrip Relax is for the round trip (decisions.md): once the outbound is cancelled and the
 * return is kept, the return is re-priced as a plain one-way ride, in the same transaction as the
 * cancellation, its old quote kept in its timeline and its `updated` event written so emails and
 * reporting follow. A return cancelled first (both legs cancelled) is left as it is.
 */
@Injectable()
export class ReturnLegAlone {
  constructor(
    private readonly rides: RidesRepository,
    private readonly dispatch: DispatchRepository,
    private readonly quotes: QuoteRides,
  ) {}

  /** Whether the booking is priced as a round trip's return: a return leg whose outbound still stands. */
  async pricedAsReturn(tx: BookingTx, row: BookingRow): Promise<boolean> {
    if (row.tripLeg !== 'return' || row.linkedBookingId === null) return false;
    const outbound = await tx.booking.findUnique({ where: { id: row.linkedBookingId }, select: { status: true } });
    return outbound !== null && outbound.status !== 'cancelled';
  }

  async afterOutboundCancelled(tx: BookingTx, events: EventWriter, outbound: BookingRow, actor: Actor, now: Date): Promise<void> {
    if (outbound.tripLeg !== 'outbound' || outbound.linkedBookingId === null) return;
    const row = await this.rides.lock(tx, outbound.linkedBookingId);
    if (!row || !NOT_STARTED.has(row.status)) return;
    // At the table version it was booked with (and its booking time for the offers): the customer
    // loses the discount only, not whatever the admin changed in the table since, nor the free ride
    // and credit this leg holds.
    const benefits = heldBenefits(priceOf(row));
    const quoted = await this.quotes.execute({ ...storedRide(row), returnLeg: false }, row.createdAt, { everyVehicle: false, rateVersion: row.rateVersion ?? undefined, benefits, plan: heldPlan(priceOf(row)) });
    const updated = await this.rides.update(tx, row.id, { version: row.version + 1, ...quoteColumns(quoted.quote, quoted.rateVersion) });
    const detail = returnAloneDetail(outbound.reference, priceOf(row), priceOf(updated));
    await this.dispatch.appendTimeline(tx, { bookingId: row.id, at: now, kind: 'edited', actor, detail });
    await events.append(bookingEvents.updated, row.id, { booking: toSnapshot(updated) });
  }
}
