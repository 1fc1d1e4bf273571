import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { bookingEvents, DISPATCH_MESSAGES as M, formatBusinessInstant, holdsLuggage, vehicleTooSmallForLuggage, type Actor, type Assignment, type Booking } from '@limo/contracts';
import { outboxEnvelope } from '@limo/database';
import { badRequest, conflict, notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { toBooking, toSnapshot } from '../../rides/booking.mapper.js';
import { RidesRepository, type BookingRow } from '../../rides/rides.repository.js';
import { DispatchDirectory, driverName } from '../dispatch-directory.js';
import { holdSpan } from '../../rides/hold-span.js';
import { DispatchRepository } from '../../rides/dispatch.repository.js';
import { DispatchSettings } from '../../rides/dispatch-settings.js';
import { isOverlapViolation, overlapConflict } from '../../rides/overlap-errors.js';
import { writeAssignment } from './assignment-statement.js';

export interface AssignDriverCommand {
  bookingId: number;
  driverId: number;
  /** The vehicle to drive; the booking's when left out. */
  vehicleId?: number;
  actor: Actor;
}

/** Tries on a booking that keeps changing under the assignment before giving up with a 409. */
const ATTEMPTS = 3;

/**
 * Gives a pending ride to an active, on-duty driver (and a vehicle in service that seats the
 * passengers and holds their luggage). The booking stays pending, with the driver's answer due by the deadline; the
 * driver and vehicle are held for the ride's span, and the database refuses a second hold that
 * overlaps (two admins at once cannot both win). The rules are checked on the booking as read;
 * the write is one statement that applies only to that version of it (writeAssignment).
 */
@Injectable()
export class AssignDriver {
  constructor(
    private readonly outbox: Outbox,
    private readonly rides: RidesRepository,
    private readonly dispatch: DispatchRepository,
    private readonly directory: DispatchDirectory,
    private readonly settings: DispatchSettings,
  ) {}

  async execute(command: AssignDriverCommand): Promise<Booking> {
    // Another change to the booking between our read and our write: decide again on the new row.
    for (let attempt = 1; ; attempt++) {
      const assigned = await this.attempt(command);
      if (assigned) return assigned;
      if (attempt === ATTEMPTS) throw conflict(M.changedWhileAssigning);
    }
  }

  /** The assigned booking, or null when the booking changed after it was read (nothing written). */
  private async attempt({ bookingId, driverId, vehicleId, actor }: AssignDriverCommand): Promise<Booking | null> {
    const current = await this.rides.find(bookingId);
    if (!current) throw notFound(M.bookingNotFound);
    // Asked before writing: no row is locked while other services answer.
    const driver = await this.directory.driver(driverId);
    if (!driver) throw badRequest(M.driverUnknown);
    if (!driver.isActive) throw conflict(M.driverInactive);
    if (!driver.isOnDuty) throw conflict(M.driverOffDuty);
    const chosenVehicle = vehicleId ?? current.vehicleId;
    if (chosenVehicle !== null) {
      const vehicle = await this.directory.vehicle(chosenVehicle);
      if (!vehicle) throw badRequest(M.vehicleUnknown);
      if (!vehicle.isActive) throw conflict(M.vehicleInactive);
      if (current.passengers !== null && current.passengers > vehicle.capacity) {
        throw conflict(`The ${vehicle.name} seats ${vehicle.capacity}: this ride is for ${current.passengers} passengers`);
      }
      if (!holdsLuggage(vehicle, current.luggage)) {
        throw conflict(vehicleTooSmallForLuggage(vehicle, current.luggage));
      }
    }
    if (current.status !== 'pending') throw conflict(M.notPending);
    if (current.driverResponse === 'pending' && current.driverId !== null) throw conflict(M.awaitingAnswer);

    const now = new Date();
    const deadline = new Date(now.getTime() + this.settings.responseSeconds * 1000);
    const assignmentId = randomUUID();
    const span = holdSpan(current, this.settings);
    // The booking as the statement leaves it (it writes only if the row is still `current`).
    const updated: BookingRow = {
      ...current,
      driverId,
      vehicleId: chosenVehicle,
      assignedAt: now,
      responseDeadline: deadline,
      driverResponse: 'pending',
      respondedAt: null,
      driverStatus: null,
      assignmentId,
      version: current.version + 1,
      updatedAt: now,
    };
    const assignment: Assignment = {
      id: assignmentId,
      bookingId,
      driverId,
      vehicleId: chosenVehicle,
      assignedAt: now.toISOString(),
      responseDeadline: deadline.toISOString(),
      response: 'pending',
      respondedAt: null,
    };
    const name = driverName(driver);
    try {
      const outcome = await this.outbox.statement((sql) =>
        writeAssignment(sql, {
          bookingId,
          version: current.version,
          assignmentId,
          driverId,
          driverName: name,
          vehicleId: chosenVehicle,
          at: now,
          responseDeadline: deadline,
          span,
          actor,
          detail: `Assigned to ${name}; answer due by ${formatBusinessInstant(deadline)}`,
          event: outboxEnvelope(bookingEvents.rideAssigned, bookingId, { booking: toSnapshot(updated), assignment, actor }, now),
        }),
      );
      if (outcome.kind === 'overlap') throw overlapConflict(outcome.overlap, outcome.holder);
      return outcome.kind === 'assigned' ? toBooking(updated) : null;
    } catch (error) {
      // Another assignment committed after our statement began: the database refused our hold.
      const holder = isOverlapViolation(error);
      if (!holder) throw error;
      const overlap = await this.dispatch.overlap(this.dispatch.reader, bookingId, span, holder === 'driver' ? { driverId } : { vehicleId: chosenVehicle });
      throw overlapConflict(overlap ?? { bookingId: 0, reference: 'another ride' }, holder);
    }
  }
}
