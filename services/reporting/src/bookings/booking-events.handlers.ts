import { Controller } from '@nestjs/common';
import { bookingEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { ReportingTx } from '../reporting.tx.js';
import { applyBookingSnapshot } from './booking-projection.js';
import { applyAssignment } from '../dispatch/assignment-projection.js';

/** Every booking event carries the booking's state after the change: each applies it if newer. */
@Controller()
@EventConsumer({ durable: 'reporting-bookings' })
export class BookingEventsHandlers {
  @OnEvent(bookingEvents.created)
  created(event: EventOf<typeof bookingEvents.created>, ctx: EventContext<ReportingTx>) {
    return applyBookingSnapshot(ctx.tx, event.data.booking);
  }

  @OnEvent(bookingEvents.updated)
  updated(event: EventOf<typeof bookingEvents.updated>, ctx: EventContext<ReportingTx>) {
    return applyBookingSnapshot(ctx.tx, event.data.booking);
  }

  @OnEvent(bookingEvents.statusChanged)
  statusChanged(event: EventOf<typeof bookingEvents.statusChanged>, ctx: EventContext<ReportingTx>) {
    return applyBookingSnapshot(ctx.tx, event.data.booking);
  }

  @OnEvent(bookingEvents.rideAssigned)
  rideAssigned(event: EventOf<typeof bookingEvents.rideAssigned>, ctx: EventContext<ReportingTx>) {
    return this.dispatchChange(event.data, ctx.tx);
  }

  @OnEvent(bookingEvents.rideAnswered)
  rideAnswered(event: EventOf<typeof bookingEvents.rideAnswered>, ctx: EventContext<ReportingTx>) {
    return this.dispatchChange(event.data, ctx.tx);
  }

  @OnEvent(bookingEvents.assignmentExpired)
  assignmentExpired(event: EventOf<typeof bookingEvents.assignmentExpired>, ctx: EventContext<ReportingTx>) {
    return this.dispatchChange(event.data, ctx.tx);
  }

  @OnEvent(bookingEvents.assignmentWithdrawn)
  assignmentWithdrawn(event: EventOf<typeof bookingEvents.assignmentWithdrawn>, ctx: EventContext<ReportingTx>) {
    return this.dispatchChange(event.data, ctx.tx);
  }

  @OnEvent(bookingEvents.rideProgressed)
  rideProgressed(event: EventOf<typeof bookingEvents.rideProgressed>, ctx: EventContext<ReportingTx>) {
    return applyBookingSnapshot(ctx.tx, event.data.booking);
  }

  /** A dispatch event: the booking's new state, and the assignment's record. */
  private async dispatchChange(change: EventOf<typeof bookingEvents.rideAssigned>['data'], tx: ReportingTx): Promise<void> {
    await applyBookingSnapshot(tx, change.booking);
    await applyAssignment(tx, { ...change.assignment, reference: change.booking.reference });
  }
}
