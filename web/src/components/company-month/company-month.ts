import { businessToday, monthLabel } from '@limo/contracts/common/business-time';
import type { MonthTransfers, PlanPeriod, PlanTier } from '@limo/contracts/customers/companies';

/* Business accounts' months and plans in words, for the admin's Companies page and the account's Company section. */

const TIER_NAMES: Record<PlanTier, string> = { starter: 'Starter', professional: 'Professional', enterprise: 'Enterprise' };

export const tierName = (tier: PlanTier | null): string => (tier ? TIER_NAMES[tier] : 'No plan');

/** This billing month (`YYYY-MM`, Los Angeles time). */
export const currentMonth = (now: Date = new Date()): string => businessToday(now).slice(0, 7);

/** The month `offset` months from `month` (negative: before). */
export function shiftMonth(month: string, offset: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** `count` months ending with `last`, newest first: the month picker's choices. */
export const monthsUpTo = (last: string, count: number): string[] => Array.from({ length: count }, (_, i) => shiftMonth(last, -i));

/** A statement exists for a month once it has ended (LA time). */
export const monthEnded = (month: string, now: Date = new Date()): boolean => month < currentMonth(now);

/** The plan period covering a month, or null (before the start, after a cancelled plan's end). */
export function periodOn(periods: readonly PlanPeriod[], month: string): PlanPeriod | null {
  return periods.find((p) => p.fromMonth <= month && (p.toMonth === null || month <= p.toMonth)) ?? null;
}

/** Each plan period in words: "Starter from November 2026 to April 2027". */
export function periodLine(period: PlanPeriod): string {
  const to = period.toMonth ? ` to ${monthLabel(period.toMonth)}` : '';
  return `${tierName(period.tier)} from ${monthLabel(period.fromMonth)}${to}`;
}

/** A cancelled plan: its last period has an end and nothing follows it. */
export const planEnds = (periods: readonly PlanPeriod[]): string | null => periods.at(-1)?.toMonth ?? null;

/** "4 of 10 left" (and how many expired once the month is over). */
export function transfersLine(t: MonthTransfers): string {
  if (!t.tier) return 'No plan this month';
  const expired = t.expired !== null ? `, ${t.expired} expired` : '';
  return `${t.left} of ${t.included} left (${t.used} used${expired})`;
}
