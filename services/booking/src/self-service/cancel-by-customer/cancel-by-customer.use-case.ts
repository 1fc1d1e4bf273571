import { Inject, Injectable } from '@nestjs/common';
import { SELF_SERVICE_MESSAGES, tooLateToCancel, type Actor, type CustomerBookingKey, type CustomerBookingView } from '@limo/contracts';
import { COMPANY } from '@limo/contracts/common/company';
import { conflict } from '@limo/messaging';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../../booking.config.js';
import { UpdateBooking } from '../../bookings/update-booking/update-booking.use-case.js';
import { CustomerBookings } from '../customer-bookings.js';
import { checkCancellation } from '../customer-rules.js';

const CUSTOMER: Actor = { kind: 'customer', id: null, name: null };

/**
 * The customer cancels their booking: allowed for a pending or confirmed ride up to
 * CANCEL_CUTOFF_HOURS before pickup, through the same status change as an admin's (driver
 * released, `statusChanged` event, timeline line by the customer). Asking again is harmless.
 */
@Injectable()
export class CancelByCustomer {
  constructor(
    private readonly bookings: CustomerBookings,
    private readonly updateBooking: UpdateBooking,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async execute(key: CustomerBookingKey): Promise<CustomerBookingView> {
    const row = await this.bookings.find(key);
    const check = checkCancellation(row.status, row.pickupAt, this.config.CANCEL_CUTOFF_HOURS, new Date());
    if (check === 'too-late') throw conflict(tooLateToCancel(this.config.CANCEL_CUTOFF_HOURS, COMPANY.phone.display));
    if (check === 'not-cancellable') throw conflict(SELF_SERVICE_MESSAGES.notCancellable);
    if (check === 'ok') await this.updateBooking.execute({ id: row.id, changes: { status: 'cancelled' }, actor: CUSTOMER });
    return this.bookings.view(await this.bookings.find({ bookingId: row.id }));
  }
}
