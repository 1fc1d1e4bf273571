import { Controller } from '@nestjs/common';
import { bookingEvents, type BookingSnapshot } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { CustomersTx } from '../customers.tx.js';
import { CountAirportRides } from './count-airport-rides.use-case.js';

/**
 * Every booking event that carries the booking, applied to the punch cards with its
 * processed-event marker in one transaction (the rate table's events are acknowledged unread).
 */
@Controller()
@EventConsumer({ durable: 'customers-bookings' })
export class BookingEventsHandlers {
  constructor(private readonly rides: CountAirportRides) {}

  @OnEvent(bookingEvents.created)
  created(event: EventOf<typeof bookingEvents.created>, ctx: EventContext<CustomersTx>) {
    return this.apply(event.data.booking, ctx);
  }

  @OnEvent(bookingEvents.updated)
  updated(event: EventOf<typeof bookingEvents.updated>, ctx: EventContext<CustomersTx>) {
    return this.apply(event.data.booking, ctx);
  }

  @OnEvent(bookingEvents.statusChanged)
  statusChanged(event: EventOf<typeof bookingEvents.statusChanged>, ctx: EventContext<CustomersTx>) {
    return this.apply(event.data.booking, ctx);
  }

  @OnEvent(bookingEvents.rideAssigned)
  rideAssigned(event: EventOf<typeof bookingEvents.rideAssigned>, ctx: EventContext<CustomersTx>) {
    return this.apply(event.data.booking, ctx);
  }

  @OnEvent(bookingEvents.rideAnswered)
  rideAnswered(event: EventOf<typeof bookingEvents.rideAnswered>, ctx: EventContext<CustomersTx>) {
    return this.apply(event.data.booking, ctx);
  }

  @OnEvent(bookingEvents.assignmentExpired)
  assignmentExpired(event: EventOf<typeof bookingEvents.assignmentExpired>, ctx: EventContext<CustomersTx>) {
    return this.apply(event.data.booking, ctx);
  }

  @OnEvent(bookingEvents.assignmentWithdrawn)
  assignmentWithdrawn(event: EventOf<typeof bookingEvents.assignmentWithdrawn>, ctx: EventContext<CustomersTx>) {
    return this.apply(event.data.booking, ctx);
  }

  @OnEvent(bookingEvents.rideProgressed)
  rideProgressed(event: EventOf<typeof bookingEvents.rideProgressed>, ctx: EventContext<CustomersTx>) {
    return this.apply(event.data.booking, ctx);
  }

  @OnEvent(bookingEvents.rideSettled)
  rideSettled(event: EventOf<typeof bookingEvents.rideSettled>, ctx: EventContext<CustomersTx>) {
    return this.apply(event.data.booking, ctx);
  }

  private apply(booking: BookingSnapshot, ctx: EventContext<CustomersTx>): Promise<void> {
    return this.rides.apply(ctx.tx, booking);
  }
}
