import { Controller } from '@nestjs/common';
import { bookingEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { NotificationsTx } from '../notifications.tx.js';
import { NotifyCustomer } from './notify-customer.use-case.js';

type Ctx = EventContext<NotificationsTx>;
const change = (event: { eventId: string; occurredAt: string; data: { booking: EventOf<typeof bookingEvents.created>['data']['booking'] } }, ctx: Ctx) => ({
  eventId: event.eventId,
  occurredAt: event.occurredAt,
  booking: event.data.booking,
  tx: ctx.tx,
});

/** Booking and dispatch events, turned into customer messages and reminders. */
@Controller()
@EventConsumer({ durable: 'notifications-bookings' })
export class BookingEventsHandlers {
  constructor(private readonly notify: NotifyCustomer) {}

  @OnEvent(bookingEvents.created)
  created(event: EventOf<typeof bookingEvents.created>, ctx: Ctx) {
    return this.notify.received(change(event, ctx));
  }

  @OnEvent(bookingEvents.updated)
  updated(event: EventOf<typeof bookingEvents.updated>, ctx: Ctx) {
    return this.notify.updated(change(event, ctx));
  }

  @OnEvent(bookingEvents.statusChanged)
  statusChanged(event: EventOf<typeof bookingEvents.statusChanged>, ctx: Ctx) {
    return this.notify.statusChanged(change(event, ctx));
  }

  @OnEvent(bookingEvents.rideAssigned)
  rideAssigned(event: EventOf<typeof bookingEvents.rideAssigned>, ctx: Ctx) {
    return this.notify.track(change(event, ctx));
  }

  @OnEvent(bookingEvents.rideAnswered)
  rideAnswered(event: EventOf<typeof bookingEvents.rideAnswered>, ctx: Ctx) {
    return this.notify.confirmed({ ...change(event, ctx), accepted: event.data.assignment.response === 'accepted' });
  }

  @OnEvent(bookingEvents.assignmentExpired)
  assignmentExpired(event: EventOf<typeof bookingEvents.assignmentExpired>, ctx: Ctx) {
    return this.notify.track(change(event, ctx));
  }

  @OnEvent(bookingEvents.assignmentWithdrawn)
  assignmentWithdrawn(event: EventOf<typeof bookingEvents.assignmentWithdrawn>, ctx: Ctx) {
    return this.notify.track(change(event, ctx));
  }

  @OnEvent(bookingEvents.rideSettled)
  rideSettled(event: EventOf<typeof bookingEvents.rideSettled>, ctx: Ctx) {
    const { settlement, wait, corrected } = event.data;
    return this.notify.receipt({ ...change(event, ctx), receipt: { settlement, wait, corrected } });
  }

  @OnEvent(bookingEvents.rideProgressed)
  rideProgressed(event: EventOf<typeof bookingEvents.rideProgressed>, ctx: Ctx) {
    return this.notify.onTheWay({ ...change(event, ctx), driverStatus: event.data.driverStatus });
  }
}
