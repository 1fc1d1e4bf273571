import { Injectable } from '@nestjs/common';
import { bookingEvents, type Booking, type UpdateBookingRequest } from '@limo/contracts';
import { notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { planChange } from '../booking-rules.js';
import { toBooking, toSnapshot } from '../booking.mapper.js';
import { BookingsRepository, type BookingTx } from '../bookings.repository.js';

export interface UpdateBookingCommand {
  id: number;
  changes: UpdateBookingRequest;
}

/**
 * Applies an admin edit under a row lock, so concurrent edits see each other's status and the
 * event's previousStatus is the true one. Emits `statusChanged` when the status moves and
 * `updated` for any other change; an edit that changes nothing writes nothing.
 */
@Injectable()
export class UpdateBooking {
  constructor(
    private readonly outbox: Outbox,
    private readonly bookings: BookingsRepository,
  ) {}

  async execute({ id, changes }: UpdateBookingCommand): Promise<Booking> {
    return this.outbox.transaction(async (tx: BookingTx, events) => {
      const row = await this.bookings.lock(tx, id);
      if (!row) throw notFound(`Booking ${id} not found`);
      const change = planChange(row, changes, new Date());
      if (change.kind === 'none') return toBooking(row);
      const updated = await this.bookings.update(tx, id, change.data);
      const booking = toSnapshot(updated);
      if (change.kind === 'statusChanged') {
        await events.append(bookingEvents.statusChanged, id, { booking, previousStatus: change.previousStatus, status: change.status });
      } else {
        await events.append(bookingEvents.updated, id, { booking });
      }
      return toBooking(updated);
    });
  }
}
