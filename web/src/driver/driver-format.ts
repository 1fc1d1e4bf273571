import { addDays, BUSINESS_TIME_ZONE, businessToday } from '@limo/contracts/common/business-time';
import { formatTime } from '../lib/format';

const weekdayDate = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const weekdayShort = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A YYYY-MM-DD business date as a calendar date (no zone shift). */
const calendar = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};

/** "Tue, Nov 24, 2026 at 7:30 AM": a pickup in Los Angeles time (its date and time are LA ones). */
export function pickupWhen(ride: { pickupDate: string; pickupTime: string }): string {
  return `${weekdayDate.format(calendar(ride.pickupDate))} at ${formatTime(ride.pickupTime)}`;
}

const instantWhen = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE });

/** "4:30 AM on Tue, Dec 1": an instant in Los Angeles time. */
export function timeOnDayText(iso: string): string {
  const p = Object.fromEntries(instantWhen.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${p.hour}:${p.minute} ${p.dayPeriod} on ${p.weekday}, ${p.month} ${p.day}`;
}

/** "Today", "Tomorrow" or "Wed, Nov 25" for a day of the week outlook. */
export function outlookDayLabel(date: string, today: string = businessToday()): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return weekdayShort.format(calendar(date));
}

const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: BUSINESS_TIME_ZONE });
const clockDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: BUSINESS_TIME_ZONE });

/** The dashboard clock in Los Angeles: "9:41:07 PM" and "Monday, November 23, 2026". */
export function laClock(now: Date): { time: string; date: string } {
  return { time: clockTime.format(now), date: clockDate.format(now) };
}

/** Whole hours since the shift started (spec section 9), 0 without a shift. */
export function hoursWorked(shiftStart: string | null | undefined, now: Date): number {
  if (!shiftStart) return 0;
  const start = Date.parse(shiftStart);
  return Number.isFinite(start) ? Math.max(0, Math.floor((now.getTime() - start) / 3_600_000)) : 0;
}

/** Hours as the cards show them (spec: "0h"): "7h", "7.5h" (the reports give one decimal). */
export function hoursText(hours: number): string {
  if (!Number.isFinite(hours) || hours <= 0) return '0h';
  const rounded = Math.round(hours * 10) / 10;
  return `${rounded}h`;
}

const laTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE });

/** "8:30 AM": an instant's Los Angeles time of day. */
export const laTimeOfDay = (instant: Date) => laTime.format(instant);

