import { addDays, fromCents, monthWeeks, MONTH_NAMES, type DriverRevenueReport } from '@limo/contracts';
import type { DayFigures } from './earnings.repository.js';

/** Whole cents of total / count, rounded half up. */
const perUnit = (cents: number, count: number) => (count > 0 ? Math.floor((cents * 2 + count) / (count * 2)) : 0);

export interface Period {
  kind: 'month' | 'week';
  from: string;
  to: string;
  label: string;
}

/** The month, or week N of it, as dates (LA calendar); null for a week the month does not have. */
export function periodOf(kind: 'month' | 'week', year: number, month: number, week = 1): Period | null {
  if (kind === 'week') {
    const found = monthWeeks(year, month).find((w) => w.week === week);
    return found ? { kind, from: found.from, to: found.to, label: found.label } : null;
  }
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const to = addDays(from, new Date(Date.UTC(year, month, 0)).getUTCDate() - 1);
  return { kind, from, to, label: `${MONTH_NAMES[month - 1]} ${year}` };
}

/**
 * A period's rows and totals, exact to the cent (averages rounded half up). Only the days up to
 * `today` (LA) are results: later ones are neither listed nor counted in the daily average (an
 * average with nothing to divide by is 0.00, and the page says 'No data').
 */
export function revenueReport(period: Period, allDays: DayFigures[], today: string): DriverRevenueReport {
  const days = allDays.filter((d) => d.date <= today);
  const earnings = days.reduce((sum, d) => sum + d.earningsCents, 0);
  const rides = days.reduce((sum, d) => sum + d.rides, 0);
  const hours = Math.round(days.reduce((sum, d) => sum + d.hoursWorked, 0) * 10) / 10;
  const worked = days.filter((d) => d.rides > 0 || d.hoursWorked > 0);
  const top = days.reduce<DayFigures | null>((best, d) => (d.earningsCents > 0 && (!best || d.earningsCents > best.earningsCents) ? d : best), null);
  return {
    period,
    days: days.map((d) => ({ date: d.date, rides: d.rides, earnings: fromCents(d.earningsCents), hoursWorked: d.hoursWorked })),
    totals: {
      earnings: fromCents(earnings),
      rides,
      hoursWorked: hours,
      averagePerRide: fromCents(perUnit(earnings, rides)),
      averagePerDay: fromCents(perUnit(earnings, days.length)),
      daysWorked: worked.length,
      averagePerHour: hours > 0 ? fromCents(Math.round(earnings / hours)) : null,
      topDay: top ? { date: top.date, earnings: fromCents(top.earningsCents) } : null,
    },
  };
}
