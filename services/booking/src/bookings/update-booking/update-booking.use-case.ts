import { Injectable } from '@nestjs/common';
import { bookingEvents, type Actor, type Booking, type UpdateBookingRequest } from '@limo/contracts';
import { notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { rideEarnings } from '../../dispatch/dispatch-rules.js';
import { DispatchRepository, DispatchSettings, toAssignment } from '../../dispatch/dispatch-support.js';
import { driverEffects, planChange } from '../booking-rules.js';
import { priceOf, toBooking, toSnapshot } from '../booking.mapper.js';
import { BookingsRepository, type BookingTx } from '../bookings.repository.js';

export interface UpdateBookingCommand {
  id: number;
  changes: UpdateBookingRequest;
  actor?: Actor;
}

const ADMIN: Actor = { kind: 'admin', id: null, name: null };

/**
 * Applies an admin edit under a row lock, so concurrent edits see each other's status and the
 * event's previousStatus is the true one. Emits `statusChanged` when the status moves and
 * `updated` for any other change; an edit that changes nothing writes nothing. A status change
 * also settles the ride's driver (booking-rules driverEffects) and is written to the timeline.
 */
@Injectable()
export class UpdateBooking {
  constructor(
    private readonly outbox: Outbox,
    private readonly bookings: BookingsRepository,
    private readonly dispatch: DispatchRepository,
    private readonly settings: DispatchSettings,
  ) {}

  async execute({ id, changes, actor = ADMIN }: UpdateBookingCommand): Promise<Booking> {
    return this.outbox.transaction(async (tx: BookingTx, events) => {
      const row = await this.bookings.lock(tx, id);
      if (!row) throw notFound(`Booking ${id} not found`);
      const change = planChange(row, changes, new Date());
      if (change.kind === 'none') return toBooking(row);
      const now = new Date();
      let withdrawn = false;
      if (change.kind === 'statusChanged') {
        const effects = driverEffects(row, change.status);
        Object.assign(change.data, effects.data);
        if (effects.setEarnings) change.data.driverEarnings = rideEarnings(priceOf(row), this.settings.driverSharePercent);
        if (effects.releaseHold) await this.dispatch.release(tx, id);
        withdrawn = effects.withdrawAssignment;
      }
      const updated = await this.bookings.update(tx, id, change.data);
      const booking = toSnapshot(updated);
      if (withdrawn && row.assignmentId) {
        const assignment = await this.dispatch.answerAssignment(tx, row.assignmentId, 'withdrawn', now);
        await events.append(bookingEvents.assignmentWithdrawn, id, { booking, assignment: toAssignment(assignment), actor });
      }
      if (change.kind === 'statusChanged') {
        await this.dispatch.appendTimeline(tx, { bookingId: id, at: now, kind: 'status-changed', actor, detail: `Status ${change.previousStatus} → ${change.status}` });
        await events.append(bookingEvents.statusChanged, id, { booking, previousStatus: change.previousStatus, status: change.status });
      } else {
        await this.dispatch.appendTimeline(tx, { bookingId: id, at: now, kind: 'edited', actor, detail: 'Admin notes changed' });
        await events.append(bookingEvents.updated, id, { booking });
      }
      return toBooking(updated);
    });
  }
}
