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

/** The events that change a booking's state alone. */
const BOOKING_CHANGES = [
  bookingEvents.created,
  bookingEvents.updated,
  bookingEvents.statusChanged,
  bookingEvents.rideSettled,
  bookingEvents.rideProgressed,
] as const;

/** The dispatch events: the booking's new state and an assignment's record. */
const DISPATCH_CHANGES = [bookingEvents.rideAssigned, bookingEvents.rideAnswered, bookingEvents.assignmentExpired, bookingEvents.assignmentWithdrawn] as const;

/** The booking events, applied to the booking facts and aggregates (and the assignment facts). */
@Controller()
@EventConsumer({ durable: 'reporting-bookings' })
export class BookingEventsHandlers {
  @OnEvent(...BOOKING_CHANGES)
  bookingChanged(event: EventOf<(typeof BOOKING_CHANGES)[number]>, ctx: EventContext<ReportingTx>) {
    return collect(ctx, event.data.booking);
  }

  @OnEvent(...DISPATCH_CHANGES)
  async dispatchChanged({ data: { booking, assignment } }: EventOf<(typeof DISPATCH_CHANGES)[number]>, ctx: EventContext<ReportingTx>) {
    collect(ctx, booking);
    await applyAssignment(ctx.tx, { ...assignment, reference: booking.reference });
  }
}
