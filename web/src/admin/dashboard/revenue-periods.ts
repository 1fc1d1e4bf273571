import { addDays, MONTH_NAMES } from '@limo/contracts';
import { formatDate } from '../../lib/format';

/** The first year the revenue selector offers whatever the bookings (the spec's selector starts there). */
const FIRST_REVENUE_YEAR = 2024;

/**
 * The revenue selector's years: from the year of the first booking (2024 at the latest, so the
 * spec's years stay) to the current Los Angeles year, so the picker never runs out.
 */
export function revenueYears(firstBookingYear: number | null, businessToday: string): number[] {
  const from = Math.min(firstBookingYear ?? FIRST_REVENUE_YEAR, FIRST_REVENUE_YEAR);
  const to = Math.max(Number(businessToday.slice(0, 4)), FIRST_REVENUE_YEAR);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Days the daily view lists (spec section 9). */
export const DAILY_VIEW_DAYS = 15;

/** The selectors' starting month and year: today's in Los Angeles (a clock before 2024 opens on January 2024). */
export function defaultRevenuePeriod(businessToday: string): { month: number; year: number } {
  const [year, month] = businessToday.split('-').map(Number);
  if (year < FIRST_REVENUE_YEAR) return { month: 1, year: FIRST_REVENUE_YEAR };
  return { month, year };
}

export const monthName = (month: number) => MONTH_NAMES[month - 1];

/** "Jun 3" style axis label from a YYYY-MM-DD date: the day of the month. */
export function dayOfMonth(date: string): string {
  return String(Number(date.slice(8, 10)));
}

export interface MonthOfYear {
  month: number;
  year: number;
}

/** The 15 days the daily view lists, the months they fall in (one call each) and their name. */
export interface DailyWindow {
  days: string[];
  months: MonthOfYear[];
  /** "Oct 31 – Nov 14, 2025", "Dec 25, 2025 – Jan 8, 2026". */
  label: string;
  /** The window is the 15 days ending today (today's month is chosen). */
  endsToday: boolean;
}

const monthOf = (date: string): MonthOfYear => ({ month: Number(date.slice(5, 7)), year: Number(date.slice(0, 4)) });

/** "Oct 31 – Nov 14, 2025": the year once when both ends share it. */
function rangeLabel(first: string, last: string): string {
  const start = formatDate(first);
  const end = formatDate(last);
  return first.slice(0, 4) === last.slice(0, 4) ? `${start.replace(/, \d{4}$/, '')} – ${end}` : `${start} – ${end}`;
}

/**
 * The daily view's 15 days (spec section 9). For today's month they are the 15 ending today,
 * which reach into the month before in its first two weeks; for any other month, its first 15.
 */
export function dailyWindow(today: string, chosen: MonthOfYear): DailyWindow {
  const current = monthOf(today);
  const endsToday = current.month === chosen.month && current.year === chosen.year;
  const first = endsToday ? addDays(today, -(DAILY_VIEW_DAYS - 1)) : `${chosen.year}-${String(chosen.month).padStart(2, '0')}-01`;
  const days = Array.from({ length: DAILY_VIEW_DAYS }, (_, i) => addDays(first, i));
  const last = days[days.length - 1];
  const months = [monthOf(first)];
  if (last.slice(0, 7) !== first.slice(0, 7)) months.push(monthOf(last));
  return { days, months, label: rangeLabel(first, last), endsToday };
}
