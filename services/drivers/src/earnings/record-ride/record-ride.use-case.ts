import { Injectable } from '@nestjs/common';
import { toCents, type bookingEvents, type BookingSnapshot, type EventDataOf } from '@limo/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import { EarningsRepository } from '../earnings.repository.js';

type Tx = Prisma.TransactionClient;

/**
 * What the drivers service keeps of the rides (the booking service owns them): which rides a
 * driver has in progress (no going off duty during one), and what each completed ride earned
 * its driver, counted once in the driver's and the shift's totals.
 *
 * Every event carries the booking as it stands after the change, with its version; only an
 * event newer than the last one applied to a ride changes anything, and then the ride is set to
 * what that snapshot says. So events applied in any order end where the newest one says: a late
 * `en-route` after `completed` does not leave the driver in a ride for good, and a ride an admin
 * takes out of `completed` (then completed again, perhaps by another driver) leaves its earnings
 * with whoever completed it last.
 */
@Injectable()
export class RecordRide {
  constructor(private readonly earnings: EarningsRepository) {}

  /** The driver's own progress (en-route starts the ride, completed ends it and earns). */
  progressed(tx: Tx, { booking }: EventDataOf<typeof bookingEvents.rideProgressed>): Promise<void> {
    return this.apply(tx, booking);
  }

  /** An admin's review of the final price (an adjustment moves the earnings). */
  settled(tx: Tx, { booking }: EventDataOf<typeof bookingEvents.rideSettled>): Promise<void> {
    return this.apply(tx, booking);
  }

  /** An admin's status change. */
  statusChanged(tx: Tx, { booking }: EventDataOf<typeof bookingEvents.statusChanged>): Promise<void> {
    return this.apply(tx, booking);
  }

  private async apply(tx: Tx, booking: BookingSnapshot): Promise<void> {
    const recorded = await this.earnings.earningOf(tx, booking.id);
    // The booking as it was before its recorded completion changes nothing. The version check
    // below says as much, except for a ride completed before ride states were kept, which has
    // none yet: a late event of it would otherwise take its earnings back.
    if (recorded && Date.parse(booking.updatedAt) < recorded.completedAt.getTime()) return;
    const inProgress = booking.status === 'in-progress' && booking.driverId !== null;
    const newest = await this.earnings.trackRide(tx, { bookingId: booking.id, driverId: booking.driverId, inProgress, version: booking.version });
    if (!newest) return;
    const earned = earnedBy(booking);
    if (recorded && earned && recorded.driverId === earned.driverId && toCents(recorded.amount) === toCents(earned.amount) && recorded.completedAt.getTime() === earned.completedAt.getTime()) return;
    if (recorded) await this.earnings.withdraw(tx, booking.id);
    if (earned) await this.earnings.record(tx, { bookingId: booking.id, ...earned });
  }
}

/** What a booking's ride earned its driver, when it is completed by one. */
function earnedBy(booking: BookingSnapshot): { driverId: number; amount: string; completedAt: Date } | null {
  if (booking.status !== 'completed' || booking.driverId === null || !booking.driverEarnings || !booking.completedAt) return null;
  return { driverId: booking.driverId, amount: booking.driverEarnings, completedAt: new Date(booking.completedAt) };
}
