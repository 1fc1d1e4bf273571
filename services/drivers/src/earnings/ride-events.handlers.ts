import { Controller } from '@nestjs/common';
import { bookingEvents, type BookingSnapshot } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { Prisma } from '../generated/prisma/client.js';
import { EarningsRepository } from './earnings.repository.js';

type Tx = Prisma.TransactionClient;

/**
 * What the drivers service keeps of the rides (the booking service owns them): which rides a
 * driver has in progress (no going off duty during one), and what each completed ride earned
 * its driver, counted once in the driver's and the shift's totals.
 */
@Controller()
@EventConsumer({ durable: 'drivers-rides' })
export class RideEventsHandlers {
  constructor(private readonly earnings: EarningsRepository) {}

  @OnEvent(bookingEvents.rideProgressed)
  async progressed(event: EventOf<typeof bookingEvents.rideProgressed>, ctx: EventContext<Tx>) {
    const { booking, driverId, driverStatus, at } = event.data;
    if (driverStatus === 'en-route') await this.earnings.rideStarted(ctx.tx, booking.id, driverId, new Date(at));
    if (driverStatus === 'completed') await this.completed(ctx.tx, booking, driverId);
  }

  /** An admin's status change: a ride that is no longer under way frees its driver; completed earns. */
  @OnEvent(bookingEvents.statusChanged)
  async statusChanged(event: EventOf<typeof bookingEvents.statusChanged>, ctx: EventContext<Tx>) {
    const { booking, status } = event.data;
    if (status === 'in-progress') return;
    if (status === 'completed' && booking.driverId !== null) await this.completed(ctx.tx, booking, booking.driverId);
    else await this.earnings.rideEnded(ctx.tx, booking.id);
  }

  private async completed(tx: Tx, booking: BookingSnapshot, driverId: number): Promise<void> {
    await this.earnings.rideEnded(tx, booking.id);
    if (!booking.driverEarnings || !booking.completedAt) return;
    await this.earnings.record(tx, { bookingId: booking.id, driverId, amount: booking.driverEarnings, completedAt: new Date(booking.completedAt) });
  }
}
