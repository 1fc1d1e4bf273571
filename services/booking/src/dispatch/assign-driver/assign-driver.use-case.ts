import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { bookingEvents, DISPATCH_MESSAGES as M, formatBusinessInstant, type Actor, type Booking } from '@limo/contracts';
import { badRequest, conflict, notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { toBooking, toSnapshot } from '../../bookings/booking.mapper.js';
import { BookingsRepository, type BookingTx } from '../../bookings/bookings.repository.js';
import { DispatchDirectory, driverName } from '../dispatch-directory.js';
import { holdSpan } from '../dispatch-rules.js';
import { DispatchRepository, DispatchSettings, isOverlapViolation, overlapConflict, toAssignment } from '../dispatch-support.js';

export interface AssignDriverCommand {
  bookingId: number;
  driverId: number;
  /** The vehicle to drive; the booking's when left out. */
  vehicleId?: number;
  actor: Actor;
}

/**
 * Gives a pending ride to an active, on-duty driver (and a vehicle in service that seats the
 * passengers). The booking stays pending, with the driver's answer due by the deadline; the
 * driver and vehicle are held for the ride's span, and the database refuses a second hold that
 * overlaps (two admins at once cannot both win).
 */
@Injectable()
export class AssignDriver {
  constructor(
    private readonly outbox: Outbox,
    private readonly bookings: BookingsRepository,
    private readonly dispatch: DispatchRepository,
    private readonly directory: DispatchDirectory,
    private readonly settings: DispatchSettings,
  ) {}

  async execute({ bookingId, driverId, vehicleId, actor }: AssignDriverCommand): Promise<Booking> {
    const current = await this.bookings.find(bookingId);
    if (!current) throw notFound(M.bookingNotFound);
    // Checked before the transaction: no row lock is held while other services answer.
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
    }
    try {
      return await this.outbox.transaction(async (tx: BookingTx, events) => {
        const row = await this.bookings.lock(tx, bookingId);
        if (!row) throw notFound(M.bookingNotFound);
        if (row.status !== 'pending') throw conflict(M.notPending);
        if (row.driverResponse === 'pending' && row.driverId !== null) throw conflict(M.awaitingAnswer);
        const span = holdSpan(row, this.settings);
        const overlap = await this.dispatch.overlap(tx, bookingId, span, { driverId });
        if (overlap) throw overlapConflict(overlap, 'driver');
        const vehicleOverlap = chosenVehicle === null ? null : await this.dispatch.overlap(tx, bookingId, span, { vehicleId: chosenVehicle });
        if (vehicleOverlap) throw overlapConflict(vehicleOverlap, 'vehicle');

        const now = new Date();
        const deadline = new Date(now.getTime() + this.settings.responseSeconds * 1000);
        const assignmentId = randomUUID();
        const updated = await this.bookings.update(tx, bookingId, {
          driverId,
          vehicleId: chosenVehicle,
          assignedAt: now,
          responseDeadline: deadline,
          driverResponse: 'pending',
          respondedAt: null,
          driverStatus: null,
          assignmentId,
          version: row.version + 1,
        });
        await this.dispatch.hold(tx, bookingId, span);
        const assignment = await this.dispatch.insertAssignment(tx, {
          id: assignmentId,
          bookingId,
          driverId,
          vehicleId: chosenVehicle,
          assignedAt: now,
          responseDeadline: deadline,
          assignedBy: actor.name,
        });
        await this.dispatch.appendTimeline(tx, {
          bookingId,
          at: now,
          kind: 'assigned',
          actor,
          driverId,
          driverName: driverName(driver),
          detail: `Assigned to ${driverName(driver)}; answer due by ${formatBusinessInstant(deadline)}`,
        });
        await events.append(bookingEvents.rideAssigned, bookingId, { booking: toSnapshot(updated), assignment: toAssignment(assignment), actor });
        return toBooking(updated);
      });
    } catch (error) {
      // Another assignment committed between our check and our hold: the database refused ours.
      const holder = isOverlapViolation(error);
      if (!holder) throw error;
      const overlap = await this.dispatch.overlap(this.dispatch.reader, bookingId, holdSpan(current, this.settings), holder === 'driver' ? { driverId } : { vehicleId: chosenVehicle });
      throw overlapConflict(overlap ?? { bookingId: 0, reference: 'another ride' }, holder);
    }
  }
}
