import { addDays, businessToday, COMPANY_MESSAGES, monthLabel, PLAN_TERMS, PLANS, type BillingMonth, type MonthTransfers, type PlanChange, type PlanTier } from '@limo/contracts';

/*
 * Bundles for Business as plain rules (decisions.md): a company's plan is a list of periods, a
 * change takes effect from the first billing month starting at least 30 days after it is asked
 * (Los Angeles time), never inside the 6-month minimum term, and each month's transfers are the
 * plan's included ones less those held or used by rides of that month.
 */

/** A period as the rules see it (the stored row's who and when travel alongside). */
export interface Period {
  tier: PlanTier;
  fromMonth: BillingMonth;
  toMonth: BillingMonth | null;
}

/** Calendar arithmetic on YYYY-MM months. */
export function addMonths(month: BillingMonth, months: number): BillingMonth {
  const [year, mm] = month.split('-').map(Number);
  const index = year * 12 + (mm - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The billing month of a Los Angeles date (YYYY-MM-DD). */
const monthOfDate = (date: string): BillingMonth => date.slice(0, 7);

/** This billing month in Los Angeles. */
export const businessMonth = (now: Date = new Date()): BillingMonth => monthOfDate(businessToday(now));

/** The plan's tier in a month (null when no period covers it: not begun, or ended). */
export function tierIn(periods: readonly Period[], month: BillingMonth): PlanTier | null {
  const period = periods.find((p) => p.fromMonth <= month && (p.toMonth === null || month <= p.toMonth));
  return period?.tier ?? null;
}

/** The first month from which the plan may change: the month after the minimum term. */
export const changeableFrom = (periods: readonly Period[]): BillingMonth => addMonths(periods[0].fromMonth, PLAN_TERMS.minimumMonths);

/** The first billing month that starts at least PLAN_TERMS.noticeDays after today (LA). */
export function effectiveMonth(now: Date = new Date()): BillingMonth {
  const earliest = addDays(businessToday(now), PLAN_TERMS.noticeDays);
  return earliest.endsWith('-01') ? monthOfDate(earliest) : addMonths(monthOfDate(earliest), 1);
}

export class PlanRuleError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** A new company's plan starts this month or later (LA). */
export function checkStartMonth(startMonth: BillingMonth, now: Date = new Date()): void {
  if (startMonth < businessMonth(now)) throw new PlanRuleError(400, COMPANY_MESSAGES.startMonthPast);
}

/**
 * The periods after a change that takes effect in month `effective`. A cancellation ends the plan
 * with the month before; another tier closes the period then running and opens one from
 * `effective`. A change already pending from that same month is replaced (the later word wins);
 * one pending from an earlier month stays. Refused: the plan already on that tier (or already
 * ended) then, and any change inside the minimum term.
 */
export function applyPlanChange(periods: readonly Period[], change: PlanChange, effective: BillingMonth): Period[] {
  const then = tierIn(periods, effective);
  const before = addMonths(effective, -1);
  if ('cancel' in change) {
    if (then === null) throw new PlanRuleError(409, COMPANY_MESSAGES.alreadyCancelled);
  } else {
    if (then === change.tier) throw new PlanRuleError(409, COMPANY_MESSAGES.noChange);
    // Ended before the month this change would take effect (not a cancellation from that same month, which it replaces).
    const last = periods[periods.length - 1];
    if (then === null && last.toMonth !== null && last.toMonth < before) throw new PlanRuleError(409, COMPANY_MESSAGES.alreadyCancelled);
  }
  if (effective < changeableFrom(periods)) throw new PlanRuleError(409, COMPANY_MESSAGES.planInMinimumTerm);

  const kept = periods.filter((p) => p.fromMonth < effective).map((p) => ({ ...p }));
  const last = kept[kept.length - 1];
  if (last.toMonth === null || last.toMonth > before) last.toMonth = before;
  if ('cancel' in change) return kept;
  // Undoing a cancellation from this month back to the tier that ran: the period runs on.
  if (last.tier === change.tier) {
    last.toMonth = null;
    return kept;
  }
  return [...kept, { tier: change.tier, fromMonth: effective, toMonth: null }];
}

/**
 * Refuses periods (after a change) that would leave rides already booked on more of a month's
 * transfers than the plan then includes (none once it has ended): those rides were priced as free
 * transfers, and the month they are in would be stated without them. `held` is the transfers held
 * or bound by month; the first month over names the refusal.
 */
export function checkHeldTransfers(periods: readonly Period[], held: ReadonlyMap<BillingMonth, number>): void {
  for (const month of [...held.keys()].sort()) {
    const tier = tierIn(periods, month);
    const rides = held.get(month)!;
    if (rides > (tier ? PLANS[tier].transfers : 0)) throw new PlanRuleError(409, COMPANY_MESSAGES.transfersHeld(rides, monthLabel(month)));
  }
}

/** Whether one more of the month's transfers may be held, with `used` held or used already. */
export const mayHoldTransfer = (tier: PlanTier | null, used: number): boolean => tier !== null && used < PLANS[tier].transfers;

/**
 * A month's transfers: what the plan includes, what rides hold or used, what is left, and, once
 * the month is over in LA, what expired unused. More used than included (a plan changed down
 * with rides already booked) leaves none.
 */
export function monthTransfers(month: BillingMonth, tier: PlanTier | null, used: number, now: Date = new Date()): MonthTransfers {
  const included = tier ? PLANS[tier].transfers : 0;
  const left = Math.max(0, included - used);
  return { month, tier, included, used, left, expired: month < businessMonth(now) ? left : null };
}
