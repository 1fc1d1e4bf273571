import { Injectable } from '@nestjs/common';
import { COMPANY_MESSAGES, COMPANY_RIDES_MAX, fromCents, toCents, type CompanyRide, type CompanyRidesQuery } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import { PrismaClient, type Booking as BookingRow } from '../generated/prisma/client.js';
import { VehicleNames } from '../fleet/vehicle-names.js';
import { calendarDate, priceOf } from '../rides/booking.mapper.js';

/** The first day of a billing month and of the next, as the pickup_date column compares them. */
function monthSpan(month: string): { gte: Date; lt: Date } {
  const [year, index] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return { gte: new Date(Date.UTC(year, index - 1, 1)), lt: new Date(Date.UTC(year, index, 1)) };
}

const EXTRA_LINES = new Set(['meet-greet', 'child-seats']);

/**
 * A company ride as its statement lists it. What the company pays for it (`finalAmount`) is the
 * settled final price once the ride is completed (quote + wait + extras), else the quote's total;
 * `extras` is what of it is not the ride itself: the quote's meet & greet and child seats (their
 * lines, fee and gratuity included), the wait charged and the driver's extras.
 */
function companyRideOf(row: BookingRow, vehicleNames: ReadonlyMap<number, string>): CompanyRide {
  const price = priceOf(row);
  const quotedExtras = price.lines
    ? price.lines.filter((line) => EXTRA_LINES.has(line.code)).reduce((sum, line) => sum + toCents(line.amount), 0)
    : toCents(price.meetGreet) + toCents(price.childSeats);
  const settled = row.finalAmount !== null;
  const afterRide = settled ? toCents(row.settledWait?.toFixed(2) ?? '0.00') + toCents(row.extrasTotal?.toFixed(2) ?? '0.00') : 0;
  return {
    bookingId: row.id,
    reference: row.reference,
    status: row.status as CompanyRide['status'],
    pickupDate: calendarDate(row.pickupDate),
    pickupTime: row.pickupTime,
    bookedBy: row.email,
    passenger: `${row.firstName} ${row.lastName}`,
    passengerPhone: row.phone,
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    vehicleName: row.vehicleId === null ? null : (vehicleNames.get(row.vehicleId) ?? null),
    onPlan: price.planTransfer !== undefined,
    planTransfer: price.planTransfer ?? '0.00',
    extras: fromCents(quotedExtras + afterRide),
    finalAmount: settled ? row.finalAmount!.toFixed(2) : price.total,
    settled,
  };
}

/** A company's rides with pickup in a month (its statement's and month view's lines): not the cancelled, by pickup. */
@Injectable()
export class CompanyRides {
  constructor(
    private readonly db: PrismaClient,
    private readonly vehicleNames: VehicleNames,
  ) {}

  async list({ companyId, month, bookedBy }: CompanyRidesQuery): Promise<CompanyRide[]> {
    const [rows, names] = await Promise.all([
      this.db.booking.findMany({
        // A booking keeps its email as typed; the booker is named lower-cased (the account's).
        where: { companyId, pickupDate: monthSpan(month), status: { not: 'cancelled' }, ...(bookedBy ? { email: { equals: bookedBy, mode: 'insensitive' } } : {}) },
        orderBy: [{ pickupAt: 'asc' }, { id: 'asc' }],
        take: COMPANY_RIDES_MAX + 1,
      }),
      this.vehicleNames.byId(),
    ]);
    // Never a part of the month: a statement missing rides would read as whole.
    if (rows.length > COMPANY_RIDES_MAX) throw new ServiceError(422, COMPANY_MESSAGES.tooManyRides);
    return rows.map((row) => companyRideOf(row, names));
  }
}
