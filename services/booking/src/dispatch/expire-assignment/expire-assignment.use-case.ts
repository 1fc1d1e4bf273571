import { Injectable } from '@nestjs/common';
import { bookingEvents } from '@limo/contracts';
import { Outbox } from '@limo/service-runtime';
import { toSnapshot } from '../../bookings/booking.mapper.js';
import { BookingsRepository, type BookingTx } from '../../bookings/bookings.repository.js';
import { DispatchRepository, toAssignment } from '../dispatch-support.js';

export interface ExpireAssignmentCommand {
  bookingId: number;
  assignmentId: string;
  now?: Date;
}

export type ExpireOutcome = 'expired' | 'moved-on' | 'not-yet';

const SYSTEM = { kind: 'system' as const, id: null, name: 'Response deadline' };

/**
 * The deadline job: when the driver has not answered this assignment in time, the ride goes back
 * to the pending list (driverResponse expired) and the admin is told (the event feeds the
 * notifications). A job that finds the ride moved on (answered, withdrawn, reassigned, edited)
 * does nothing, so running it twice, or late, is harmless.
 */
@Injectable()
export class ExpireAssignment {
  constructor(
    private readonly outbox: Outbox,
    private readonly bookings: BookingsRepository,
    private readonly dispatch: DispatchRepository,
  ) {}

  async execute({ bookingId, assignmentId, now = new Date() }: ExpireAssignmentCommand): Promise<ExpireOutcome> {
    return this.outbox.transaction(async (tx: BookingTx, events) => {
      const row = await this.bookings.lock(tx, bookingId);
      if (!row || row.assignmentId !== assignmentId || row.driverResponse !== 'pending' || row.status !== 'pending') return 'moved-on';
      if (row.responseDeadline && now < row.responseDeadline) return 'not-yet';
      await this.dispatch.release(tx, bookingId);
      const updated = await this.bookings.update(tx, bookingId, { driverId: null, driverResponse: 'expired', version: row.version + 1 });
      const assignment = await this.dispatch.answerAssignment(tx, assignmentId, 'expired', now);
      await this.dispatch.appendTimeline(tx, { bookingId, at: now, kind: 'expired', actor: SYSTEM, driverId: row.driverId, detail: 'No answer before the deadline' });
      await events.append(bookingEvents.assignmentExpired, bookingId, { booking: toSnapshot(updated), assignment: toAssignment(assignment), actor: SYSTEM });
      return 'expired';
    });
  }
}
