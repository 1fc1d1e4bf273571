import { Controller } from '@nestjs/common';
import { bookingEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { ReportingTx } from '../reporting.tx.js';
import { applyBookingSnapshots } from './booking-projection.js';
import type { BookingSnapshot } from '@limo/contracts';
import { applyAssignment } from '../dispatch/assignment-projection.js';

/**
 * Every booking event carries the booking's state after the change: the states of a batch are
 * gathered and applied together before it commits, each only if newer than what is applied.
 */
function collect(ctx: EventContext<ReportingTx>, booking: BookingSnapshot): void {
  ctx.batch.collect('booking-snapshots', booking, async (all) => {
    await applyBookingSnapshots(ctx.tx, all);
  });
}

/** The booking events, applied to the booking facts and aggregates (and the assignment facts). */
@Controller()
@EventConsumer({ durable: 'reporting-bookings' })
export class BookingEventsHandlers {
  @OnEvent(bookingEvents.created)
  created(event: EventOf<typeof bookingEvents.created>, ctx: EventContext<ReportingTx>) {
    return collect(ctx, event.data.booking);
  }

  @OnEvent(bookingEvents.updated)
  updated(event: EventOf<typeof bookingEvents.updated>, ctx: EventContext<ReportingTx>) {
    return collect(ctx, event.data.booking);
  }

  @OnEvent(bookingEvents.statusChanged)
  statusChanged(event: EventOf<typeof bookingEvents.statusChanged>, ctx: EventContext<ReportingTx>) {
    return collect(ctx, event.data.booking);
  }

  @OnEvent(bookingEvents.rideAssigned)
  rideAssigned(event: EventOf<typeof bookingEvents.rideAssigned>, ctx: EventContext<ReportingTx>) {
    return this.dispatchChange(event.data, ctx);
  }

  @OnEvent(bookingEvents.rideAnswered)
  rideAnswered(event: EventOf<typeof bookingEvents.rideAnswered>, ctx: EventContext<ReportingTx>) {
    return this.dispatchChange(event.data, ctx);
  }

  @OnEvent(bookingEvents.assignmentExpired)
  assignmentExpired(event: EventOf<typeof bookingEvents.assignmentExpired>, ctx: EventContext<ReportingTx>) {
    return this.dispatchChange(event.data, ctx);
  }

  @OnEvent(bookingEvents.assignmentWithdrawn)
  assignmentWithdrawn(event: EventOf<typeof bookingEvents.assignmentWithdrawn>, ctx: EventContext<ReportingTx>) {
    return this.dispatchChange(event.data, ctx);
  }

  @OnEvent(bookingEvents.rideSettled)
  rideSettled(event: EventOf<typeof bookingEvents.rideSettled>, ctx: EventContext<ReportingTx>) {
    return collect(ctx, event.data.booking);
  }

  @OnEvent(bookingEvents.rideProgressed)
  rideProgressed(event: EventOf<typeof bookingEvents.rideProgressed>, ctx: EventContext<ReportingTx>) {
    return collect(ctx, event.data.booking);
  }

  /** A dispatch event: the booking's new state, and the assignment's record. */
  private async dispatchChange(change: EventOf<typeof bookingEvents.rideAssigned>['data'], ctx: EventContext<ReportingTx>): Promise<void> {
    collect(ctx, change.booking);
    await applyAssignment(ctx.tx, { ...change.assignment, reference: change.booking.reference });
  }
}
