import { Injectable } from '@nestjs/common';
import { bookingEvents, DISPATCH_MESSAGES as M, type DriverRide } from '@limo/contracts';
import { conflict, notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { toSnapshot } from '../../rides/booking.mapper.js';
import { RidesRepository, type BookingRow, type BookingTx } from '../../rides/rides.repository.js';
import { VehicleNames } from '../../fleet/vehicle-names.js';
import { toDriverRide } from '../driver-ride.mapper.js';
import { DispatchRepository } from '../../rides/dispatch.repository.js';
import { DispatchSettings } from '../../rides/dispatch-settings.js';
import { toAssignment } from '../../rides/assignment.mapper.js';

export interface AnswerAssignmentCommand {
  bookingId: number;
  driverId: number;
  answer: 'accept' | 'decline';
}

/**
 * The assigned driver's answer, before the deadline: accept confirms the ride; decline hands it
 * back to the pending list without a driver. Under the booking's row lock, so an answer racing
 * the deadline job (or a second answer) finds the ride already moved on and is refused.
 */
@Injectable()
export class AnswerAssignment {
  constructor(
    private readonly outbox: Outbox,
    private readonly rides: RidesRepository,
    private readonly dispatch: DispatchRepository,
    private readonly vehicleNames: VehicleNames,
    private readonly settings: DispatchSettings,
  ) {}

  async execute({ bookingId, driverId, answer }: AnswerAssignmentCommand): Promise<DriverRide> {
    const updated = await this.outbox.transaction(async (tx: BookingTx, events) => {
      const row = await assignedTo(tx, this.rides, this.dispatch, bookingId, driverId);
      if (row.driverResponse !== 'pending' || !row.assignmentId) throw conflict(M.alreadyAnswered);
      const now = new Date();
      if (row.responseDeadline && now > row.responseDeadline) throw conflict(M.deadlinePassed);
      const accepted = answer === 'accept';
      // A declined ride lets go of its driver; the hold goes first (no hold without a driver).
      if (!accepted) await this.dispatch.release(tx, bookingId);
      const next = await this.rides.update(
        tx,
        bookingId,
        accepted
          ? { status: 'confirmed', driverResponse: 'accepted', respondedAt: now, version: row.version + 1 }
          : { driverId: null, driverResponse: 'declined', respondedAt: now, version: row.version + 1 },
      );
      const assignment = await this.dispatch.answerAssignment(tx, row.assignmentId, accepted ? 'accepted' : 'declined', now);
      const name = await this.dispatch.assignedDriverName(tx, bookingId, driverId);
      const actor = { kind: 'driver' as const, id: driverId, name };
      await this.dispatch.appendTimeline(tx, { bookingId, at: now, kind: accepted ? 'accepted' : 'declined', actor, driverId, driverName: name });
      await events.append(bookingEvents.rideAnswered, bookingId, { booking: toSnapshot(next), assignment: toAssignment(assignment), actor });
      return next;
    });
    return toDriverRide(updated, await this.vehicleNames.byId(), this.settings.startWindowMinutes);
  }
}

/**
 * The booking, locked, if it is this driver's to act on. A ride the driver had and lost is a 409
 * saying why (deadline passed, given to another, already answered); one they never had is a 404,
 * so a driver learns nothing about other drivers' rides.
 */
export async function assignedTo(tx: BookingTx, rides: RidesRepository, dispatch: DispatchRepository, bookingId: number, driverId: number): Promise<BookingRow> {
  const row = await rides.lock(tx, bookingId);
  if (!row) throw notFound(M.bookingNotFound);
  if (row.driverId === driverId) return row;
  if (!(await dispatch.wasAssigned(tx, bookingId, driverId))) throw notFound(M.bookingNotFound);
  const mine = await dispatch.latestAssignmentOf(tx, bookingId, driverId);
  if (mine?.response === 'expired') throw conflict(M.deadlinePassed);
  if (mine?.response === 'declined') throw conflict(M.alreadyAnswered);
  throw conflict(M.givenToAnother);
}
