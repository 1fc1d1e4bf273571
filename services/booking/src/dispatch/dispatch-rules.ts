import { DISPATCH_MESSAGES as M, DRIVER_STATUSES, notStartableYet, SKIPPABLE_DRIVER_STATUSES, type DriverStatus } from '@limo/contracts';

/*
 * Dispatch's rules as plain functions (decisions.md, Dispatch), tested without Nest or a database.
 * The two an admin's edit also applies (hold span, earnings) are in rides/.
 */

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
