import { BOOKING_MESSAGES as M, COMPANY_MESSAGES, formatBusinessInstant, type PriceQuote, type TripType, type UpdateBookingRequest, type Vehicle } from '@limo/contracts';
import type { Booking as BookingRow, Prisma } from '../../generated/prisma/client.js';
import { calendarDate } from '../../rides/booking.mapper.js';
import type { PricedRide } from '../../rides/ride-rules.js';
import { billingMonthOf } from '../../benefits/plan-legs.js';

/*
 * An admin's (or a signed-in customer's) change to the ride itself (date, time, places, trip
 * type, hours, passengers, luggage, vehicle), as plain functions: the ride as it would be, what changed, and the words the
 * booking's history keeps.
 */

export type RideEdit =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }
  | { kind: 'changed'; ride: PricedRide; data: Prisma.BookingUpdateInput; changes: string[] };

/** The booking's ride as stored, in the shape the pricing rules read. */
export function storedRide(row: BookingRow): PricedRide {
  return {
    tripType: row.tripType as TripType,
    pickupDate: calendarDate(row.pickupDate),
    pickupTime: row.pickupTime,
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    duration: row.duration,
    passengers: row.passengers,
    luggage: row.luggage,
    vehicleId: row.vehicleId ?? 1,
    meetGreet: row.meetGreet,
    childSeats: row.childSeats,
  };
}

const LABELS: Record<string, string> = {
  tripType: 'trip type',
  pickupDate: 'date',
  pickupTime: 'time',
  pickupLocation: 'pickup',
  dropoffLocation: 'drop-off',
  duration: 'hours',
  passengers: 'passengers',
  luggage: 'luggage',
  vehicleId: 'vehicle',
};
type EditedField = keyof typeof LABELS & keyof PricedRide;

/** A field's value in the history's words: a vehicle by its name (the fleet's list), others as they are. */
function valueText(field: EditedField, value: PricedRide[EditedField], vehicles: Pick<Vehicle, 'id' | 'name'>[]): string {
  if (value === null || value === undefined) return 'none';
  if (field === 'vehicleId') return vehicles.find((v) => v.id === value)?.name ?? `vehicle ${value}`;
  return String(value);
}

/**
 * The ride after the edit: fields left out keep their value; a one-way ride needs a drop-off and
 * an hourly one its hours (the other is dropped, as on a new booking). 'none' when nothing differs.
 */
export function planRideEdit(row: BookingRow, changes: UpdateBookingRequest & { luggage?: number }, vehicles: Pick<Vehicle, 'id' | 'name'>[] = []): RideEdit {
  const before = storedRide(row);
  const tripType = changes.tripType ?? before.tripType;
  const dropoff = changes.dropoffLocation !== undefined ? changes.dropoffLocation.trim() : (before.dropoffLocation ?? '');
  const duration = changes.duration ?? before.duration;
  if (tripType === 'one-way' && !dropoff) return { kind: 'invalid', message: M.dropoffLocationRequired };
  if (tripType === 'hourly' && !duration) return { kind: 'invalid', message: M.durationRequired };
  const ride: PricedRide = {
    ...before,
    tripType,
    pickupDate: changes.pickupDate ?? before.pickupDate,
    pickupTime: changes.pickupTime ?? before.pickupTime,
    pickupLocation: changes.pickupLocation ?? before.pickupLocation,
    dropoffLocation: tripType === 'one-way' ? dropoff : null,
    duration: tripType === 'hourly' ? duration : null,
    passengers: changes.passengers ?? before.passengers,
    luggage: changes.luggage ?? before.luggage,
    vehicleId: changes.vehicleId ?? before.vehicleId,
  };
  // A company ride's transfer belongs to its pickup month's plan and to a transfer (not an hourly
  // ride): moved out of either, the month's count and the ride would disagree.
  if (row.planTransferAmount.greaterThan(0) && (billingMonthOf(ride.pickupDate) !== billingMonthOf(before.pickupDate) || ride.tripType === 'hourly')) {
    return { kind: 'invalid', message: COMPANY_MESSAGES.moveMonth };
  }
  const edited = (Object.keys(LABELS) as EditedField[]).filter((field) => ride[field] !== before[field]);
  if (edited.length === 0) return { kind: 'none' };
  return {
    kind: 'changed',
    ride,
    data: {
      tripType: ride.tripType,
      pickupDate: new Date(`${ride.pickupDate}T00:00:00Z`),
      pickupTime: ride.pickupTime,
      pickupLocation: ride.pickupLocation,
      dropoffLocation: ride.dropoffLocation,
      duration: ride.duration,
      passengers: ride.passengers,
      luggage: ride.luggage,
      vehicleId: ride.vehicleId,
    },
    changes: edited.map((field) => `${LABELS[field]} ${valueText(field, before[field], vehicles)} → ${valueText(field, ride[field], vehicles)}`),
  };
}

const dollars = (amount: string) => `$${amount}`;

/** A quote in one line, for the history: every line of it, so the old price stays readable. */
export function describeQuote(quote: PriceQuote): string {
  if (quote.lines) return [...quote.lines.map((l) => `${l.label} ${dollars(l.amount)}`), `total ${dollars(quote.total)}`].join(', ');
  const offer = quote.offer ? `${quote.offer.name} -${dollars(quote.offer.saving)}` : 'no offer';
  return `fare ${dollars(quote.fare)}, vehicle ${dollars(quote.vehicle)}, ${offer}, add-ons ${dollars(quote.addOns)}, service fee ${dollars(quote.serviceFee)}, gratuity ${dollars(quote.gratuity)}, total ${dollars(quote.total)}`;
}

/** The history line of a ride edit: what changed, the new total and the quote it replaced. */
export function rideEditDetail(changes: string[], before: PriceQuote, after: PriceQuote, pickupAt?: Date): string {
  const when = pickupAt ? ` (pickup ${formatBusinessInstant(pickupAt)})` : '';
  return `Ride changed: ${changes.join(', ')}${when}. Re-priced ${dollars(before.total)} → ${dollars(after.total)}. Previous quote: ${describeQuote(before)}`;
}
