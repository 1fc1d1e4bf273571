import { Inject, Injectable } from '@nestjs/common';
import { otherLegNotCancellable, SELF_SERVICE_MESSAGES, tooLateToCancel, type Actor, type CustomerBookingView, type CustomerCancel } from '@limo/contracts';
import { COMPANY } from '@limo/contracts/common/company';
import { conflict } from '@limo/messaging';
import { Outbox, SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../../booking.config.js';
import type { BookingTx } from '../../rides/rides.repository.js';
import { UpdateBooking } from '../../bookings/update-booking/update-booking.use-case.js';
import type { Booking as BookingRow } from '../../generated/prisma/client.js';
import { CustomerBookings } from '../customer-bookings.js';

const CUSTOMER: Actor = { kind: 'customer', id: null, name: null };

/**
 * The customer cancels their booking: allowed for a pending or confirmed ride up to
 * CANCEL_CUTOFF_HOURS before pickup, through the same status change as an admin's (driver
 * released, `statusChanged` event, timeline line by the customer). Asking again is harmless.
 * A round trip's leg may take the other leg with it (`alsoOtherLeg`): both within the rule or
 * neither, cancelled in one transaction; the outbound cancelled alone re-prices the return.
 */
@Injectable()
export class CancelByCustomer {
  constructor(
    private readonly outbox: Outbox,
    private readonly bookings: CustomerBookings,
    private readonly updateBooking: UpdateBooking,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async execute({ key, alsoOtherLeg }: CustomerCancel): Promise<CustomerBookingView> {
    const row = await this.bookings.find(key);
    const other = alsoOtherLeg && row.linkedBookingId !== null ? await this.bookings.find({ bookingId: row.linkedBookingId }) : null;
    const legs = [row, ...(other ? [other] : [])].filter((leg) => this.mustCancel(leg, leg !== row));
    // The return first: an outbound cancelled while its return still stands would re-price the return.
    legs.sort((a, b) => Number(b.tripLeg === 'return') - Number(a.tripLeg === 'return'));
    if (legs.length > 0) {
      await this.outbox.transaction(async (tx: BookingTx, events) => {
        for (const leg of legs) await this.updateBooking.changeStatusIn(tx, events, { id: leg.id, changes: { status: 'cancelled' }, actor: CUSTOMER });
      });
    }
    return this.bookings.view(await this.bookings.find({ bookingId: row.id }));
  }

  /** True when the leg is to be cancelled, false when it already is; a 409 when it cannot be online. */
  private mustCancel(leg: BookingRow, isOtherLeg: boolean): boolean {
    const check = this.bookings.cancelCheck(leg);
    if (check === 'ok') return true;
    if (check === 'already-cancelled') return false;
    if (isOtherLeg) throw conflict(otherLegNotCancellable(leg.tripLeg as 'outbound' | 'return', leg.reference, COMPANY.phone.display));
    if (check === 'too-late') throw conflict(tooLateToCancel(this.config.CANCEL_CUTOFF_HOURS, COMPANY.phone.display));
    throw conflict(SELF_SERVICE_MESSAGES.notCancellable);
  }
}
