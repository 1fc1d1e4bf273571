import { Injectable } from '@nestjs/common';
import { businessToday, fromCents, type CurrentShift, type DriverRevenueReport } from '@limo/contracts';
import { badRequest, notFound } from '@limo/messaging';
import { DriversRepository } from '../drivers/drivers.repository.js';
import { periodOf, revenueReport } from './earnings-report.js';
import { EarningsRepository } from './earnings.repository.js';
import { hoursWorkedSince } from './shift-hours.js';

/** The driver's dashboard figures and earnings reports, from the ledger and the shifts. */
@Injectable()
export class DriverEarningsQueries {
  constructor(
    private readonly drivers: DriversRepository,
    private readonly earnings: EarningsRepository,
  ) {}

  /** The open shift (whole hours since it began) and today's completed rides and earnings (LA day). */
  async currentShift(driverId: number, clock?: Date): Promise<CurrentShift> {
    const driver = await this.drivers.find(driverId);
    if (!driver) throw notFound(`Driver ${driverId} not found`);
    // The clock is read after the row, so a shift opened meanwhile is not in the future.
    const now = clock ?? new Date();
    const today = businessToday(now);
    const [figures] = await this.earnings.days(driverId, today, today, now);
    const start = driver.isOnDuty ? driver.currentShiftStart : null;
    const shift = start ? await this.drivers.openShiftOf(driverId) : null;
    return {
      isOnDuty: driver.isOnDuty,
      shift: shift && start ? { id: shift.id, startTime: start.toISOString(), hoursWorked: hoursWorkedSince(start, now) } : null,
      today: { date: today, rides: figures.rides, earnings: fromCents(figures.earningsCents) },
    };
  }

  async report(driverId: number, query: { kind: 'month' | 'week'; month?: number; year?: number; week?: number }, now = new Date()): Promise<DriverRevenueReport> {
    const today = businessToday(now);
    const [thisYear, thisMonth] = today.split('-').map(Number);
    const period = periodOf(query.kind, query.year ?? thisYear, query.month ?? thisMonth, query.week ?? 1);
    if (!period) throw badRequest(`That month has no week ${query.week}`);
    if (period.from > today) return revenueReport(period, [], today);
    const to = period.to < today ? period.to : today;
    return revenueReport(period, await this.earnings.days(driverId, period.from, to, now), today);
  }
}
