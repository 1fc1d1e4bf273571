import { Injectable } from '@nestjs/common';
import { bookingEvents, DISPATCH_MESSAGES as M, type Actor, type Booking } from '@limo/contracts';
import { conflict, notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { toBooking, toSnapshot } from '../../rides/booking.mapper.js';
import { RidesRepository, type BookingTx } from '../../rides/rides.repository.js';
import { DispatchRepository } from '../../rides/dispatch.repository.js';
import { toAssignment } from '../../rides/assignment.mapper.js';

export interface WithdrawAssignmentCommand {
  bookingId: number;
  actor: Actor;
}

/** An admin takes back an assignment the driver has not answered: the ride is pending and free again. */
@Injectable()
export class WithdrawAssignment {
  constructor(
    private readonly outbox: Outbox,
    private readonly rides: RidesRepository,
    private readonly dispatch: DispatchRepository,
  ) {}

  async execute({ bookingId, actor }: WithdrawAssignmentCommand): Promise<Booking> {
    return this.outbox.transaction(async (tx: BookingTx, events) => {
      const row = await this.rides.lock(tx, bookingId);
      if (!row) throw notFound(M.bookingNotFound);
      if (row.status !== 'pending' || row.driverResponse !== 'pending' || !row.assignmentId || row.driverId === null) {
        throw conflict(M.nothingToWithdraw);
      }
      const now = new Date();
      // The hold goes first: the database allows no hold without a driver.
      await this.dispatch.release(tx, bookingId);
      const updated = await this.rides.update(tx, bookingId, { driverId: null, driverResponse: 'withdrawn', version: row.version + 1 });
      const assignment = await this.dispatch.answerAssignment(tx, row.assignmentId, 'withdrawn', now);
      await this.dispatch.appendTimeline(tx, { bookingId, at: now, kind: 'withdrawn', actor, driverId: row.driverId, detail: 'Assignment withdrawn' });
      await events.append(bookingEvents.assignmentWithdrawn, bookingId, { booking: toSnapshot(updated), assignment: toAssignment(assignment), actor });
      return toBooking(updated);
    });
  }
}
