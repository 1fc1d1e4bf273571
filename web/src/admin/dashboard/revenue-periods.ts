import { MONTH_NAMES } from '@limo/contracts';

/** Years offered by the admin revenue selector (spec section 9). */
export const REVENUE_YEARS = [2024, 2025, 2026] as const;

/** Days the daily view lists (spec section 9). */
export const DAILY_VIEW_DAYS = 15;

/** The selectors' starting month and year: today's in Los Angeles, the year clamped to the offered ones. */
export function defaultRevenuePeriod(businessToday: string): { month: number; year: number } {
  const [year, month] = businessToday.split('-').map(Number);
  const first = REVENUE_YEARS[0];
  const last = REVENUE_YEARS[REVENUE_YEARS.length - 1];
  if (year < first) return { month: 1, year: first };
  if (year > last) return { month: 12, year: last };
  return { month, year };
}

export const monthName = (month: number) => MONTH_NAMES[month - 1];

/** "Jun 3" style axis label from a YYYY-MM-DD date: the day of the month. */
export function dayOfMonth(date: string): string {
  return String(Number(date.slice(8, 10)));
}
