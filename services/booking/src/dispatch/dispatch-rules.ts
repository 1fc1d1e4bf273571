import {
  DISPATCH_MESSAGES as M,
  DRIVER_STATUSES,
  fromCents,
  notStartableYet,
  SKIPPABLE_DRIVER_STATUSES,
  toCents,
  type DriverStatus,
  type Money,
  type PriceQuote,
  type TripType,
} from '@limo/contracts';

/*
 * Dispatch's rules as plain functions (decisions.md, Dispatch), tested without Nest or a database.
 */

export interface SpanRules {
  oneWayBlockMinutes: number;
  turnaroundMinutes: number;
}

/**
 * What a ride holds its driver and vehicle for: from the pickup to the pickup plus its duration
 * (hourly) or the one-way block, plus the turnaround. Half-open, so a ride may start exactly
 * when the previous one's span ends.
 */
export function holdSpan(ride: { pickupAt: Date; tripType: TripType | string; duration: number | null }, rules: SpanRules): { from: Date; to: Date } {
  const rideMinutes = ride.tripType === 'hourly' ? (ride.duration ?? 1) * 60 : rules.oneWayBlockMinutes;
  return { from: ride.pickupAt, to: new Date(ride.pickupAt.getTime() + (rideMinutes + rules.turnaroundMinutes) * 60_000) };
}

/**
 * Whether a driver may report `next` after `current` (null: the ride has not started). Forward
 * only; arrived, halfway and two-miles may be skipped, the others may not. The message says why not.
 */
export function checkProgress(current: DriverStatus | null, next: DriverStatus): { ok: true } | { ok: false; message: string } {
  const from = current === null ? -1 : DRIVER_STATUSES.indexOf(current);
  const to = DRIVER_STATUSES.indexOf(next);
  if (to <= from) return { ok: false, message: M.backwards };
  const skipped = DRIVER_STATUSES.slice(from + 1, to).filter((s) => !SKIPPABLE_DRIVER_STATUSES.includes(s));
  if (skipped.length > 0) return { ok: false, message: `${M.skipped}: report ${skipped[0]} first` };
  return { ok: true };
}

/** The earliest a driver may set off on a ride (report en route): the start window before its pickup. */
export const startableFrom = (pickupAt: Date, windowMinutes: number) => new Date(pickupAt.getTime() - windowMinutes * 60_000);

/**
 * Whether the driver may report en route now. A confirmed ride waits for its start window, so it
 * is driven (and its revenue counted) on its day; one an admin already put in progress by hand may
 * be reported at once.
 */
export function checkStart(ride: { status: string; pickupAt: Date }, windowMinutes: number, now: Date): { ok: true } | { ok: false; message: string } {
  const from = startableFrom(ride.pickupAt, windowMinutes);
  if (ride.status === 'in-progress' || now.getTime() >= from.getTime()) return { ok: true };
  return { ok: false, message: notStartableYet(from, windowMinutes) };
}

/**
 * A completed ride's earnings for its driver, in cents: the share of base plus add-ons, rounded
 * half up to the cent, plus the whole gratuity (decisions.md).
 */
export function driverEarningsCents(price: { baseCents: number; addOnsCents: number; gratuityCents: number }, sharePercent: number): number {
  const share = Math.floor(((price.baseCents + price.addOnsCents) * sharePercent + 50) / 100);
  return share + price.gratuityCents;
}

/** The same, from a booking's itemised quote, as the Money string stored on the booking. */
export function rideEarnings(price: PriceQuote, sharePercent: number): Money {
  return fromCents(driverEarningsCents({ baseCents: toCents(price.base), addOnsCents: toCents(price.addOns), gratuityCents: toCents(price.gratuity) }, sharePercent));
}
