import { addDays, businessToday, type BillingMonth, type CompanyRide } from '@limo/contracts';
import { addMonths } from '../companies/plan-rules.js';

/*
 * When a month's statement may be made (decisions.md, "Bundles for Business"), free of the
 * database so they are tested alone.
 */

/**
 * Days after a month ends during which its statement waits for rides not settled yet (a ride
 * picked up on the 31st at night is settled on the 1st, with its wait and tolls). After them,
 * a ride still unsettled is stated at its quote.
 */
export const STATEMENT_GRACE_DAYS = 7;

/** Whether a billing month is over in Los Angeles: a statement is made only then. */
export const monthEnded = (month: BillingMonth, now: Date): boolean => businessToday(now).slice(0, 7) > month;

/** The billing month before the one `now` is in (Los Angeles). */
export const previousMonth = (now: Date): BillingMonth => addMonths(businessToday(now).slice(0, 7), -1);

/**
 * Whether an ended month's statement may be made now: once every ride of it (the booking service
 * answers them without the cancelled) is settled, or, at the latest, once the grace days after
 * the month are over (from the 8th of the next month, Los Angeles).
 */
export function readyToState(month: BillingMonth, rides: readonly Pick<CompanyRide, 'settled'>[], now: Date): boolean {
  if (!monthEnded(month, now)) return false;
  if (rides.every((ride) => ride.settled)) return true;
  return businessToday(now) >= addDays(`${addMonths(month, 1)}-01`, STATEMENT_GRACE_DAYS);
}
