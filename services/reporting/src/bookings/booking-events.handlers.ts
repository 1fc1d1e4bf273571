import { Controller } from '@nestjs/common';
import { bookingEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { ReportingTx } from '../reporting.tx.js';
import { applyBookingSnapshot } from './booking-projection.js';

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
}
