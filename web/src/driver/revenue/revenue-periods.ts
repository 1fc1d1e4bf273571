import { businessToday, monthWeeks, shortDate } from '@limo/contracts/common/business-time';
import { toCents, fromCents } from '@limo/contracts/common/money';
import { toCsv } from '@limo/contracts/common/csv';
import type { DriverRevenueReport } from '@limo/contracts/drivers/portal';

/** The month select: January to December (spec section 2). */
export { MONTH_NAMES as MONTHS } from '@limo/contracts/common/business-time';

export interface Period {
  month: number;
  year: number;
  week: number;
}

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** The year select: the current year and the two before (spec section 9), newest first. */
export function yearOptions(today: string = businessToday()): number[] {
  const year = parts(today)[0];
  return [year, year - 1, year - 2];
}

/** The week of `month` that holds today, or the first week of any other month. */
export function defaultWeek(year: number, month: number, today: string = businessToday()): number {
  return monthWeeks(year, month).find((w) => w.from <= today && today <= w.to)?.week ?? 1;
}

/** What the page opens on: this LA month and this week. */
export function defaultPeriod(today: string = businessToday()): Period {
  const [year, month] = parts(today);
  return { year, month, week: defaultWeek(year, month, today) };
}

/** A new month or year: the week moves to today's (that month) or the first. */
export const withMonth = (month: number, year: number, today: string = businessToday()): Period => ({
  month,
  year,
  week: defaultWeek(year, month, today),
});

/**
 * The month's earnings by week (the Weekly Payouts panel): the month's day rows summed per week
 * of monthWeeks, in exact cents; weeks that have not begun are not listed.
 */
export function weeklyPayouts(report: DriverRevenueReport, year: number, month: number, today: string = businessToday()) {
  return monthWeeks(year, month).filter((week) => week.from <= today).map((week) => {
    const days = report.days.filter((d) => d.date >= week.from && d.date <= week.to);
    return {
      week: week.week,
      label: week.label,
      rides: days.reduce((n, d) => n + d.rides, 0),
      earnings: fromCents(days.reduce((n, d) => n + toCents(d.earnings), 0)),
    };
  });
}

/** "Nov 8": a day row's date. */
export const dayLabel = (date: string) => shortDate(date);

/**
 * The Export file of the shown period: a row per day and a total row, formula-safe (the CSV
 * writer the admin reports use). Named after the period: earnings-2026-11.csv,
 * earnings-2026-11-week-2.csv.
 */
export function revenueCsv(report: DriverRevenueReport, period: Period): { filename: string; content: string } {
  const month = String(period.month).padStart(2, '0');
  const filename = report.period.kind === 'week' ? `earnings-${period.year}-${month}-week-${period.week}.csv` : `earnings-${period.year}-${month}.csv`;
  const rows: (string | number)[][] = report.days.map((d) => [d.date, d.rides, d.earnings, d.hoursWorked]);
  rows.push([`Total (${report.period.label})`, report.totals.rides, report.totals.earnings, report.totals.hoursWorked]);
  return { filename, content: toCsv(['Date', 'Rides', 'Earnings', 'Hours Worked'], rows) };
}
