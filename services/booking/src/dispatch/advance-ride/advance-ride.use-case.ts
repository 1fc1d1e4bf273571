import { Injectable } from '@nestjs/common';
import { bookingEvents, DISPATCH_MESSAGES as M, type DriverRide, type DriverStatus, type RideExtra } from '@limo/contracts';
import { badRequest, conflict } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import type { Prisma } from '../../generated/prisma/client.js';
import { toSnapshot } from '../../rides/booking.mapper.js';
import { RidesRepository, type BookingTx } from '../../rides/rides.repository.js';
import { VehicleNames } from '../../fleet/vehicle-names.js';
import { assignedTo } from '../answer-assignment/answer-assignment.use-case.js';
import { checkProgress, checkStart } from '../dispatch-rules.js';
import { DispatchRepository } from '../../rides/dispatch.repository.js';
import { DispatchSettings } from '../../rides/dispatch-settings.js';
import { measureWait } from '../../rides/waiting.js';
import { HourlyRates } from '../../rates/hourly-rates.js';
import { SettlementTerms } from '../../rates/settlement-terms.js';
import { completionSettlement, extraOverCap } from '../../rides/settlement.js';
import { toDriverRide } from '../driver-ride.mapper.js';

export interface AdvanceRideCommand {
  bookingId: number;
  driverId: number;
  driverStatus: DriverStatus;
  /** With `completed`: the extras the ride is settled with. */
  extras?: RideExtra[];
}

/** The instant column each status records. */
const STAMP: Partial<Record<DriverStatus, keyof Prisma.BookingUpdateInput>> = {
  'en-route': 'startedAt',
  arrived: 'arrivedAt',
  'picked-up': 'pickedUpAt',
  halfway: 'halfwayAt',
  'two-miles': 'twoMilesAt',
  'dropped-off': 'droppedOffAt',
  completed: 'completedAt',
};

/**
 * The assigned driver moves a confirmed ride forward: en-route starts it (in-progress), not before
 * its start window, completed ends it: the ride is settled (quote + measured wait + the driver's
 * extras, rides/settlement.ts) for an admin to review, the driver's earnings set from it, and the
 * driver and vehicle freed.
 */
@Injectable()
export class AdvanceRide {
  constructor(
    private readonly outbox: Outbox,
    private readonly rides: RidesRepository,
    private readonly dispatch: DispatchRepository,
    private readonly settings: DispatchSettings,
    private readonly vehicleNames: VehicleNames,
    private readonly hourlyRates: HourlyRates,
    private readonly settlementTerms: SettlementTerms,
  ) {}

  async execute({ bookingId, driverId, driverStatus, extras = [] }: AdvanceRideCommand): Promise<DriverRide> {
    if (extras.length > 0 && driverStatus !== 'completed') throw badRequest(M.extrasAtCompletion);
    // Read before the transaction (a cached table, or one fleet call): what a wait would be charged
    // at, and what a settlement is made by.
    const hourlyRate = driverStatus === 'picked-up' ? await this.waitRate(bookingId) : null;
    const terms = driverStatus === 'completed' ? await this.settlementTerms.get() : null;
    const overCap = terms && extraOverCap(extras, terms.extraCap);
    if (overCap) throw badRequest(overCap);
    const updated = await this.outbox.transaction(async (tx: BookingTx, events) => {
      const row = await assignedTo(tx, this.rides, this.dispatch, bookingId, driverId);
      if (row.status !== 'confirmed' && row.status !== 'in-progress') throw conflict(M.notConfirmed);
      const step = checkProgress(row.driverStatus as DriverStatus | null, driverStatus);
      if (!step.ok) throw conflict(step.message);
      const now = new Date();
      if (driverStatus === 'en-route') {
        const start = checkStart(row, this.settings.startWindowMinutes, now);
        if (!start.ok) throw conflict(start.message);
      }
      const data: Prisma.BookingUpdateInput = { driverStatus, version: row.version + 1 };
      const stamp = STAMP[driverStatus];
      if (stamp) Object.assign(data, { [stamp]: now });
      if (driverStatus === 'en-route') data.status = 'in-progress';
      if (driverStatus === 'picked-up') Object.assign(data, waitColumns(row, now, hourlyRate));
      if (driverStatus === 'completed' && terms) {
        data.status = 'completed';
        Object.assign(data, completionSettlement(row, extras, terms, true, now));
        await this.dispatch.release(tx, bookingId);
      }
      const next = await this.rides.update(tx, bookingId, data);
      if (driverStatus === 'picked-up' && row.assignmentId) await this.dispatch.markPickedUp(tx, row.assignmentId, now);
      const name = await this.dispatch.assignedDriverName(tx, bookingId, driverId);
      const actor = { kind: 'driver' as const, id: driverId, name };
      await this.dispatch.appendTimeline(tx, { bookingId, at: now, kind: 'progressed', actor, driverId, driverName: name, driverStatus });
      await events.append(bookingEvents.rideProgressed, bookingId, {
        booking: toSnapshot(next),
        assignmentId: row.assignmentId,
        driverId,
        driverStatus,
        at: now.toISOString(),
        driverEarnings: driverStatus === 'completed' ? (next.driverEarnings?.toFixed(2) ?? null) : null,
      });
      return next;
    });
    return toDriverRide(updated, await this.vehicleNames.byId(), this.settings.startWindowMinutes);
  }

  private async waitRate(bookingId: number): Promise<string | null> {
    const row = await this.rides.find(bookingId);
    return row?.vehicleId ? this.hourlyRates.of(row.vehicleId, row.rateVersion) : null;
  }
}

/** The wait measured at the pickup, as the booking's columns; none when "Arrived" was skipped or the vehicle has no rate. */
function waitColumns(row: { pickupAt: Date; pickupLocation: string; meetGreet: boolean; arrivedAt: Date | null }, pickedUpAt: Date, hourlyRate: string | null): Prisma.BookingUpdateInput {
  const wait = hourlyRate ? measureWait({ ...row, pickedUpAt }, hourlyRate) : null;
  if (!wait) return {};
  return { waitMinutes: wait.minutes, waitFreeMinutes: wait.freeMinutes, waitChargedMinutes: wait.chargedMinutes, waitCharge: wait.charge };
}
