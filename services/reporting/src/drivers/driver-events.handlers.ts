import { Controller } from '@nestjs/common';
import { driverEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { ReportingTx } from '../reporting.tx.js';
import { applyDriverSnapshot } from './driver-projection.js';
import { recordRegistrationAlert } from './registration-alerts.js';

@Controller()
@EventConsumer({ durable: 'reporting-drivers' })
export class DriverEventsHandlers {
  @OnEvent(driverEvents.registered)
  registered(event: EventOf<typeof driverEvents.registered>, ctx: EventContext<ReportingTx>) {
    return applyDriverSnapshot(ctx.tx, event.data.driver);
  }

  @OnEvent(driverEvents.updated)
  updated(event: EventOf<typeof driverEvents.updated>, ctx: EventContext<ReportingTx>) {
    return applyDriverSnapshot(ctx.tx, event.data.driver);
  }

  @OnEvent(driverEvents.dutyChanged)
  dutyChanged(event: EventOf<typeof driverEvents.dutyChanged>, ctx: EventContext<ReportingTx>) {
    return applyDriverSnapshot(ctx.tx, event.data.driver);
  }

  @OnEvent(driverEvents.registrationsPaused)
  registrationsPaused(event: EventOf<typeof driverEvents.registrationsPaused>, ctx: EventContext<ReportingTx>) {
    return recordRegistrationAlert(ctx.tx, event.eventId, event.occurredAt, event.data);
  }
}
