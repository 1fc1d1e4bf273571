import { Injectable } from '@nestjs/common';
import { bookingEvents, BOOKING_MESSAGES as M, FLIGHT_MESSAGES, needsStatusReason, RIDE_EDIT_FIELDS, rideTouchesAirport, type Actor, type Booking, type UpdateBookingRequest, type Vehicle } from '@limo/contracts';
import { badRequest, conflict, notFound } from '@limo/messaging';
import type { EventWriter } from '@limo/database';
import { Outbox } from '@limo/service-runtime';
import { holdSpan } from '../../rides/hold-span.js';
import { completionSettlement } from '../../rides/settlement.js';
import { SettlementTerms } from '../../rates/settlement-terms.js';
import { DispatchRepository } from '../../rides/dispatch.repository.js';
import { DispatchSettings } from '../../rides/dispatch-settings.js';
import { isOverlapViolation, overlapConflict } from '../../rides/overlap-errors.js';
import { toAssignment } from '../../rides/assignment.mapper.js';
import { driverEffects, planChange, quoteColumns, statusChangeDetail } from '../booking-rules.js';
import { priceOf, toBooking, toSnapshot } from '../../rides/booking.mapper.js';
import { RidesRepository, type BookingRow, type BookingTx } from '../../rides/rides.repository.js';
import { FleetVehicles } from '../../fleet/fleet-vehicles.js';
import { QuoteRides } from '../../rates/quote-rides/quote-rides.use-case.js';
import { heldBenefits, heldPlan, NOTHING_TO_SPEND } from '../../rates/apply-benefits.js';
import { ReturnLegAlone } from '../round-trip/return-leg-alone.js';
import { planRideEdit, rideEditDetail } from './ride-edit.js';

/** The admin's changes, or a signed-in customer's (which may also change the luggage: the admin's dialog does not ask). */
export type BookingEdit = UpdateBookingRequest & { luggage?: number };

export interface UpdateBookingCommand {
  id: number;
  changes: BookingEdit;
  actor?: Actor;
}

const EDIT_FIELDS = [...RIDE_EDIT_FIELDS, 'luggage'] as const;

const ADMIN: Actor = { kind: 'admin', id: null, name: null };

/**
 * Applies an admin edit under a row lock, so concurrent edits see each other's status and the
 * event's previousStatus is the true one; an edit made against an older `version` is refused.
 * A change of the ride itself is re-priced with the pricing module (the booking time stays
 * when it was booked), its old quote kept in the timeline, and a ride that holds a driver is
 * held again for its new span (the overlap rule). Emits `statusChanged` when the status moves
 * and `updated` for any other change; an edit that changes nothing writes nothing. Moving the
 * status of a ride its driver has accepted needs a reason, kept in the timeline. A round trip's
 * outbound cancelled alone re-prices its return (ReturnLegAlone) in the same transaction.
 */
@Injectable()
export class UpdateBooking {
  constructor(
    private readonly outbox: Outbox,
    private readonly rides: RidesRepository,
    private readonly dispatch: DispatchRepository,
    private readonly settings: DispatchSettings,
    private readonly fleet: FleetVehicles,
    private readonly quotes: QuoteRides,
    private readonly returnLeg: ReturnLegAlone,
    private readonly settlementTerms: SettlementTerms,
  ) {}

  async execute(command: UpdateBookingCommand): Promise<Booking> {
    // Asked before the transaction: no row lock is held while the fleet answers.
    const vehicles = EDIT_FIELDS.some((field) => command.changes[field] !== undefined) ? await this.fleet.list() : null;
    try {
      return await this.outbox.transaction((tx: BookingTx, events) => this.apply(tx, events, command, vehicles));
    } catch (error) {
      // Another ride took the driver or vehicle between our check and our hold.
      const holder = isOverlapViolation(error);
      if (!holder) throw error;
      throw overlapConflict({ bookingId: 0, reference: 'another ride' }, holder);
    }
  }

  /** A status change (no ride edit) inside a transaction of the caller's: several bookings changed together. */
  changeStatusIn(tx: BookingTx, events: EventWriter, command: UpdateBookingCommand): Promise<Booking> {
    if (EDIT_FIELDS.some((field) => command.changes[field] !== undefined)) throw new Error('changeStatusIn takes no ride edit');
    return this.apply(tx, events, command, null);
  }

  private async apply(tx: BookingTx, events: EventWriter, { id, changes, actor = ADMIN }: UpdateBookingCommand, vehicles: Vehicle[] | null): Promise<Booking> {
    const row = await this.rides.lock(tx, id);
    if (!row) throw notFound(`Booking ${id} not found`);
    if (changes.version !== undefined && changes.version !== row.version) throw conflict(M.staleVersion);
    const change = planChange(row, changes, new Date());
    const rideEdit = vehicles ? planRideEdit(row, changes, vehicles) : { kind: 'none' as const };
    if (rideEdit.kind === 'invalid') throw badRequest(rideEdit.message);
    // The flight, as kept or changed, must still go with an airport at one end of the ride as edited.
    const flight = changes.flightNumber === undefined ? row.flightNumber : changes.flightNumber || null;
    if (flight && (changes.flightNumber !== undefined || rideEdit.kind === 'changed') && !rideTouchesAirport(rideEdit.kind === 'changed' ? rideEdit.ride : row)) {
      throw badRequest(changes.flightNumber ? FLIGHT_MESSAGES.notAirport : `${FLIGHT_MESSAGES.notAirport}: clear the flight (${flight}) with this change`);
    }
    if (change.kind === 'none' && rideEdit.kind === 'none') return toBooking(row);
    const now = new Date();
    const data = change.kind === 'none' ? { version: row.version + 1 } : change.data;
    if (rideEdit.kind === 'changed') {
      // Re-priced from the table in force as of when it was booked (its offers), a return leg as a return leg while its outbound stands.
      // The free ride and credit it holds go with it, up to what the new price takes (the hold cannot
      // grow); a cancelled booking's went back to the account at its cancellation.
      const benefits = row.status === 'cancelled' ? NOTHING_TO_SPEND : heldBenefits(priceOf(row));
      const plan = row.status === 'cancelled' ? undefined : heldPlan(priceOf(row));
      const quoted = await this.quotes.execute({ ...rideEdit.ride, returnLeg: await this.returnLeg.pricedAsReturn(tx, row) }, row.createdAt, { everyVehicle: false, benefits, plan });
      Object.assign(data, rideEdit.data, quoteColumns(quoted.quote, quoted.rateVersion));
    }
    const reason = changes.statusReason || undefined;
    let withdrawn = false;
    let takeHold = false;
    if (change.kind === 'statusChanged') {
      const effects = driverEffects(row, change.status);
      if (effects.refused) throw conflict(effects.refused);
      if (needsStatusReason(row, change.status) && !reason) throw badRequest(M.statusReasonRequired);
      takeHold = effects.takeHold;
      Object.assign(data, effects.data);
      // Completed by the admin: settled as the driver's completion would be, without extras (the admin adds them in the review).
      if (change.status === 'completed') Object.assign(data, completionSettlement(row, [], await this.settlementTerms.get(), effects.setEarnings, now));
      if (effects.releaseHold) await this.dispatch.release(tx, id);
      withdrawn = effects.withdrawAssignment;
    }
    const updated = await this.rides.update(tx, id, data);
    if (takeHold) await this.hold(tx, updated, 'always');
    if (rideEdit.kind === 'changed') {
      await this.hold(tx, updated, 'if-held');
      const detail = rideEditDetail(rideEdit.changes, priceOf(row), priceOf(updated), updated.pickupAt);
      await this.dispatch.appendTimeline(tx, { bookingId: id, at: now, kind: 'edited', actor, detail });
    }
    const booking = toSnapshot(updated);
    if (withdrawn && row.assignmentId) {
      const assignment = await this.dispatch.answerAssignment(tx, row.assignmentId, 'withdrawn', now);
      await events.append(bookingEvents.assignmentWithdrawn, id, { booking, assignment: toAssignment(assignment), actor });
    }
    if (change.kind !== 'none' && change.history.length > 0) await this.dispatch.appendTimeline(tx, { bookingId: id, at: now, kind: 'edited', actor, detail: change.history.join('. ') });
    if (change.kind === 'statusChanged') {
      await this.dispatch.appendTimeline(tx, { bookingId: id, at: now, kind: 'status-changed', actor, detail: statusChangeDetail(change.previousStatus, change.status, reason) });
      await events.append(bookingEvents.statusChanged, id, { booking, previousStatus: change.previousStatus, status: change.status });
      if (change.status === 'cancelled') await this.returnLeg.afterOutboundCancelled(tx, events, updated, actor, now);
    } else {
      await events.append(bookingEvents.updated, id, { booking });
    }
    return toBooking(updated);
  }

  /**
   * The ride holds its driver and vehicle for its span ('if-held': only a ride that held them,
   * after its span changed): an overlap with another ride is a 409.
   */
  private async hold(tx: BookingTx, ride: BookingRow, when: 'always' | 'if-held'): Promise<void> {
    if (ride.driverId === null || (when === 'if-held' && !(await this.dispatch.isHeld(tx, ride.id)))) return;
    const span = holdSpan(ride, this.settings);
    const driverOverlap = await this.dispatch.overlap(tx, ride.id, span, { driverId: ride.driverId });
    if (driverOverlap) throw overlapConflict(driverOverlap, 'driver');
    const vehicleOverlap = ride.vehicleId === null ? null : await this.dispatch.overlap(tx, ride.id, span, { vehicleId: ride.vehicleId });
    if (vehicleOverlap) throw overlapConflict(vehicleOverlap, 'vehicle');
    await this.dispatch.hold(tx, ride.id, span);
  }
}
