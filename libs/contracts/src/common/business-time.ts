/**
 * The business runs on Los Angeles time: "today", a pickup date and a revenue day are dates in
 * that zone whatever zone the server or the browser is in (decisions.md, Time).
 */
export const BUSINESS_TIME_ZONE = 'America/Los_Angeles';

/** The Los Angeles calendar date of an instant, as YYYY-MM-DD. */
export function businessDateOf(instant: Date): string {
  return businessWallClock(instant).slice(0, 10);
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

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 8' for 2026-11-08. */
export function shortDate(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${SHORT_MONTHS[month - 1]} ${day}`;
}

/**
 * The weeks of a month as the driver's weekly earnings view lists them: weeks start on Sunday,
 * and the first and last are cut at the month's edges ('Week 1: Nov 1-Nov 7').
 */
export function monthWeeks(year: number, month: number): { week: number; from: string; to: string; label: string }[] {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = addDays(first, days - 1);
  const weeks: { week: number; from: string; to: string; label: string }[] = [];
  let from = first;
  while (from <= last) {
    const weekday = new Date(`${from}T00:00:00Z`).getUTCDay(); // 0 = Sunday
    const saturday = addDays(from, 6 - weekday);
    const to = saturday < last ? saturday : last;
    const week = weeks.length + 1;
    weeks.push({ week, from, to, label: `Week ${week}: ${shortDate(from)}-${shortDate(to)}` });
    from = addDays(to, 1);
  }
  return weeks;
}

const instantFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An instant as people here read it, in Los Angeles time with the zone named: 'Tue, Mar 10, 2:30 PM PDT'. */
export function formatBusinessInstant(instant: Date): string {
  const p = Object.fromEntries(instantFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${p.weekday}, ${p.month} ${p.day}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

const wallClockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Los Angeles wall clock of an instant: date YYYY-MM-DD and time HH:MM (seconds dropped). */
export function businessDateTimeOf(instant: Date): { date: string; time: string } {
  const wall = businessWallClock(instant);
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** The Los Angeles wall clock of an instant as an ISO string without zone (YYYY-MM-DDTHH:MM:SS.sss). */
function businessWallClock(instant: Date): string {
  return new Date(instant.getTime() + offsetMinutes(instant) * 60_000).toISOString().slice(0, 23);
}

/**
 * Offsets by UTC hour. Los Angeles changes offset only on a whole UTC hour (02:00 PST is 10:00
 * UTC, 02:00 PDT is 09:00 UTC), so one answer per hour is exact; asking Intl for every instant
 * was the largest cost of pricing a booking (formatToParts, in the booking service's profile).
 */
const offsetsByHour = new Map<number, number>();

/** Minutes Los Angeles is ahead of UTC at an instant (-480 in winter, -420 in summer). */
function offsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    const at = new Date(hour * 3_600_000);
    const p = Object.fromEntries(wallClockFormat.formatToParts(at).map((part) => [part.type, Number(part.value)]));
    offset = Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at.getTime()) / 60_000);
    if (offsetsByHour.size >= 10_000) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

/**
 * The instant of a Los Angeles date and HH:MM time (a pickup), as the database's pickup_at trigger
 * computes it: a time the spring-forward skips takes the offset before the change (02:30 is 03:30
 * PDT), a time the fall-back repeats is the second one (standard time).
 */
export function businessInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = offsetMinutes(new Date(wall - 86_400_000));
  const after = offsetMinutes(new Date(wall + 86_400_000));
  const fits = [before, after].map((offset) => wall - offset * 60_000).filter((t) => offsetMinutes(new Date(t)) === (wall - t) / 60_000);
  return new Date(fits.length > 0 ? Math.max(...fits) : wall - before * 60_000);
}

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** A month as people read it: "2026-12" (YYYY-MM, a billing month) is "December 2026". */
export const monthLabel = (month: string): string => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
