import { Controller } from '@nestjs/common';
import { driverEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { NotificationsTx } from '../notifications.tx.js';
import { NotifyDriver } from './notify-driver.use-case.js';

/** Drivers' events that mean an email to a driver. */
@Controller()
@EventConsumer({ durable: 'notifications-drivers' })
export class DriverEventsHandlers {
  constructor(private readonly notify: NotifyDriver) {}

  @OnEvent(driverEvents.registrationRepeated)
  registrationRepeated(event: EventOf<typeof driverEvents.registrationRepeated>, ctx: EventContext<NotificationsTx>) {
    return this.notify.alreadyRegistered({ eventId: event.eventId, occurredAt: event.occurredAt, driver: event.data, tx: ctx.tx });
  }
}
