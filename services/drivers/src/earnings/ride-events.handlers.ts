import { Controller } from '@nestjs/common';
import { bookingEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { Prisma } from '../generated/prisma/client.js';
import { RecordRide } from './record-ride/record-ride.use-case.js';

type Tx = Prisma.TransactionClient;

/** The booking service's ride events, applied with their processed-event marker in one transaction. */
@Controller()
@EventConsumer({ durable: 'drivers-rides' })
export class RideEventsHandlers {
  constructor(private readonly rides: RecordRide) {}

  @OnEvent(bookingEvents.rideProgressed)
  progressed(event: EventOf<typeof bookingEvents.rideProgressed>, ctx: EventContext<Tx>) {
    return this.rides.progressed(ctx.tx, event.data);
  }

  /** An admin reviewed the final price: an adjustment moves the earnings. */
  @OnEvent(bookingEvents.rideSettled)
  settled(event: EventOf<typeof bookingEvents.rideSettled>, ctx: EventContext<Tx>) {
    return this.rides.settled(ctx.tx, event.data);
  }

  @OnEvent(bookingEvents.statusChanged)
  statusChanged(event: EventOf<typeof bookingEvents.statusChanged>, ctx: EventContext<Tx>) {
    return this.rides.statusChanged(ctx.tx, event.data);
  }
}
