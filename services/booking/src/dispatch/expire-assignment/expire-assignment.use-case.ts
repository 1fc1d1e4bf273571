import { Injectable } from '@nestjs/common';
import { bookingEvents } from '@limo/contracts';
import { outboxEnvelope } from '@limo/database';
import { Outbox } from '@limo/service-runtime';
import { toSnapshot } from '../../rides/booking.mapper.js';
import { RidesRepository, type BookingRow } from '../../rides/rides.repository.js';
import { DispatchRepository } from '../../rides/dispatch.repository.js';
import { toAssignment } from '../../rides/assignment.mapper.js';
import { writeExpiry } from './expiry-statement.js';

export interface ExpireAssignmentCommand {
  bookingId: number;
  assignmentId: string;
  now?: Date;
}

export type ExpireOutcome = 'expired' | 'moved-on' | 'not-yet';

const SYSTEM = { kind: 'system' as const, id: null, name: 'Response deadline' };
/** Reads of a booking that keeps changing under the job before it fails (and BullMQ retries it). */
const ATTEMPTS = 3;

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
    private readonly rides: RidesRepository,
    private readonly dispatch: DispatchRepository,
  ) {}

  async execute({ bookingId, assignmentId, now = new Date() }: ExpireAssignmentCommand): Promise<ExpireOutcome> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const row = await this.rides.find(bookingId);
      if (!row || row.assignmentId !== assignmentId || row.driverResponse !== 'pending' || row.status !== 'pending') return 'moved-on';
      if (row.responseDeadline && now < row.responseDeadline) return 'not-yet';
      // Changed only with the booking (whose version guards the write below).
      const assignment = await this.dispatch.findAssignment(this.dispatch.reader, assignmentId);
      if (!assignment) return 'moved-on';
      const updated: BookingRow = { ...row, driverId: null, driverResponse: 'expired', version: row.version + 1, updatedAt: now };
      const answered = toAssignment({ ...assignment, response: 'expired', respondedAt: now });
      const written = await this.outbox.statement((sql) =>
        writeExpiry(sql, {
          bookingId,
          version: row.version,
          assignmentId,
          record: {
            at: now,
            kind: 'expired',
            actor: SYSTEM,
            driverId: row.driverId,
            driverName: null,
            detail: 'No answer before the deadline',
            event: outboxEnvelope(bookingEvents.assignmentExpired, bookingId, { booking: toSnapshot(updated), assignment: answered, actor: SYSTEM }, now),
          },
        }),
      );
      if (written) return 'expired';
    }
    throw new Error(`booking ${bookingId} kept changing while its assignment was being expired`);
  }
}
