import { Injectable } from '@nestjs/common';
import type { BookingSnapshot } from '@limo/contracts';
import type { CustomersTx } from '../customers.tx.js';
import { countsForLoyalty, planRewards } from './loyalty-rules.js';
import { LoyaltyRepository, type LoyaltyRideState } from './loyalty.repository.js';

/**
 * Keeps Next One's on Us from the booking events: every event carries the booking as it stands
 * after the change, with its version. Only a version newer than the one applied to that booking
 * changes anything, and then the ride is set to what it says: counted while completed to or from
 * an airport, not counted otherwise (un-completed, cancelled, moved away from the airport). So a
 * replayed event counts nothing twice and a late, older one undoes nothing. Then the rewards of
 * the email (and of the email the booking had before, when it changed) follow the count.
 * Answers whether the version was newer (what else follows the booking follows only those).
 */
@Injectable()
export class CountAirportRides {
  constructor(private readonly loyalty: LoyaltyRepository) {}

  async apply(tx: CustomersTx, booking: BookingSnapshot): Promise<boolean> {
    const counted = countsForLoyalty(booking);
    const ride: LoyaltyRideState = {
      bookingId: booking.id,
      email: booking.email.toLowerCase(),
      version: booking.version,
      counted,
      completedAt: counted ? new Date(booking.completedAt ?? booking.updatedAt) : null,
    };
    const known = await this.loyalty.lockRide(tx, ride.bookingId);
    if (known && known.version >= ride.version) return false;
    if (known) await this.loyalty.updateRide(tx, ride);
    // Another replica made the row meanwhile: start again behind its lock.
    else if (!(await this.loyalty.insertRide(tx, ride))) return this.apply(tx, booking);
    // Neither counted before nor now (most bookings): no card changes.
    if (!known?.counted && !counted) return true;
    const emails = known && known.email !== ride.email ? [known.email, ride.email] : [ride.email];
    await this.loyalty.lockEmails(tx, emails);
    for (const email of emails) await this.followCount(tx, email);
    return true;
  }

  /** First versions of bookings not completed: rows not counted, skipped where a newer version is already applied. */
  async insertNew(tx: CustomersTx, bookings: BookingSnapshot[]): Promise<void> {
    await this.loyalty.insertRides(tx, bookings.map((booking) => ({ bookingId: booking.id, email: booking.email.toLowerCase(), version: booking.version })));
  }

  private async followCount(tx: CustomersTx, email: string): Promise<void> {
    const { earn, withdraw } = planRewards(await this.loyalty.countedRides(tx, email), await this.loyalty.keptRewards(tx, email));
    await this.loyalty.withdraw(tx, email, withdraw);
    await this.loyalty.earn(tx, email, earn);
  }
}
