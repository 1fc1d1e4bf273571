/**
 * The business runs on Los Angeles time: "today", a pickup date and a revenue day are dates in
 * that zone whatever zone the server or the browser is in (decisions.md, Time).
 */
export const BUSINESS_TIME_ZONE = 'America/Los_Angeles';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Los Angeles calendar date of an instant, as YYYY-MM-DD. */
export function businessDateOf(instant: Date): string {
  const parts = Object.fromEntries(dateFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today in Los Angeles, as YYYY-MM-DD. */
export const businessToday = (now: Date = new Date()): string => businessDateOf(now);

/** True for a real calendar date written YYYY-MM-DD (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
