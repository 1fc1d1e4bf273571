/**
 * Los Angeles calendar arithmetic for the projections: a revenue day and month are Los Angeles
 * ones whatever zone the server runs in (decisions.md, Time). Dates are `YYYY-MM-DD` strings.
 */
export { businessDateOf as laDate, addDays } from '@limo/contracts';

/** First day of the month of a date. */
export const monthStart = (date: string): string => `${date.slice(0, 7)}-01`;

/** The first day of the month `months` after (or before) the month of `date`. */
export function addMonths(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

export const monthKey = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}-01`;

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
