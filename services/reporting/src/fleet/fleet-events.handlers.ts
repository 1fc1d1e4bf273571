import { Controller } from '@nestjs/common';
import { fleetEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { ReportingTx } from '../reporting.tx.js';
import { applyVehicle } from './fleet-projection.js';

@Controller()
@EventConsumer({ durable: 'reporting-fleet' })
export class FleetEventsHandlers {
  @OnEvent(fleetEvents.vehicleCreated)
  created(event: EventOf<typeof fleetEvents.vehicleCreated>, ctx: EventContext<ReportingTx>) {
    return applyVehicle(ctx.tx, event.data, event.occurredAt);
  }

  @OnEvent(fleetEvents.vehicleUpdated)
  updated(event: EventOf<typeof fleetEvents.vehicleUpdated>, ctx: EventContext<ReportingTx>) {
    return applyVehicle(ctx.tx, event.data, event.occurredAt);
  }
}
