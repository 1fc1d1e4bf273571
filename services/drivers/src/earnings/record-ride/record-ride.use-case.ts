import { Injectable } from '@nestjs/common';
import type { bookingEvents, BookingSnapshot, EventDataOf } from '@limo/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import { EarningsRepository } from '../earnings.repository.js';

type Tx = Prisma.TransactionClient;

/**
 * What the drivers service keeps of the rides (the booking service owns them): which rides a
 * driver has in progress (no going off duty during one), and what each completed ride earned
 * its driver, counted once in the driver's and the shift's totals.
 */
@Injectable()
export class RecordRide {
  constructor(private readonly earnings: EarningsRepository) {}

  /** The driver's own progress: en-route starts the ride, completed ends it and earns. */
  async progressed(tx: Tx, { booking, driverId, driverStatus, at }: EventDataOf<typeof bookingEvents.rideProgressed>): Promise<void> {
    if (driverStatus === 'en-route') await this.earnings.rideStarted(tx, booking.id, driverId, new Date(at));
    if (driverStatus === 'completed') await this.completed(tx, booking, driverId);
  }

  /** An admin's status change: a ride that is no longer under way frees its driver; completed earns. */
  async statusChanged(tx: Tx, { booking, status }: EventDataOf<typeof bookingEvents.statusChanged>): Promise<void> {
    if (status === 'in-progress') return;
    if (status === 'completed' && booking.driverId !== null) await this.completed(tx, booking, booking.driverId);
    else await this.earnings.rideEnded(tx, booking.id);
  }

  private async completed(tx: Tx, booking: BookingSnapshot, driverId: number): Promise<void> {
    await this.earnings.rideEnded(tx, booking.id);
    if (!booking.driverEarnings || !booking.completedAt) return;
    await this.earnings.record(tx, { bookingId: booking.id, driverId, amount: booking.driverEarnings, completedAt: new Date(booking.completedAt) });
  }
}
