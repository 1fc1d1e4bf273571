import { toCents } from '@limo/contracts';

export type Trend = 'up' | 'down' | 'flat';

/** What a ratio with nothing to divide by shows: growth from a month without revenue, an average of no bookings. */
export const NOT_APPLICABLE = 'n/a';

/** A growth percentage as "+12.5%", "-3.0%" or "0.0%"; none (first month, no base) as "n/a". */
export function formatGrowth(growth: number | string | null | undefined): { text: string; trend: Trend } {
  const n = growth == null || growth === '' ? NaN : Number(growth);
  if (!Number.isFinite(n)) return { text: NOT_APPLICABLE, trend: 'flat' };
  const rounded = Math.round(n * 10) / 10;
  if (rounded > 0) return { text: `+${rounded.toFixed(1)}%`, trend: 'up' };
  if (rounded < 0) return { text: `${rounded.toFixed(1)}%`, trend: 'down' };
  return { text: '0.0%', trend: 'flat' };
}

/**
 * How a figure compares with the previous period, e.g. today vs yesterday: "+25.0% vs yesterday".
 * With nothing in the previous period there is no percentage to give.
 */
export function compareAmounts(current: string, previous: string, periodLabel: string): { text: string; trend: Trend } {
  const now = toCents(current);
  const before = toCents(previous);
  if (before === 0) {
    return now === 0 ? { text: `No change vs ${periodLabel}`, trend: 'flat' } : { text: `Up from $0.00 ${periodLabel}`, trend: 'up' };
  }
  const { text, trend } = formatGrowth(((now - before) / before) * 100);
  return { text: `${text} vs ${periodLabel}`, trend };
}

/** A round axis maximum at or above `max`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

export interface BarScale {
  max: number;
  ticks: number[];
  /** Height in px of a bar for `value`, never negative, at most `height`. */
  barHeight(value: number): number;
}

/**
 * Vertical scale of a bar chart `height` px tall for these values. The tick count follows the
 * axis maximum so every tick is a round figure (2 → 4 steps of 0.5; 1, 2.5, 5 → 5 steps).
 */
export function barScale(values: number[], height: number, tickCount?: number): BarScale {
  const max = niceMax(Math.max(0, ...values));
  tickCount ??= max / 10 ** Math.floor(Math.log10(max)) === 2 ? 4 : 5;
  const ticks = Array.from({ length: tickCount + 1 }, (_, i) => (max / tickCount) * i);
  return {
    max,
    ticks,
    barHeight: (value) => Math.min(height, Math.max(0, (value / max) * height)),
  };
}

/** Short axis label for whole dollars: "$0", "$250", "$1.5k", "$12k", "$1.2M". */
export function compactDollars(dollars: number): string {
  const abs = Math.abs(dollars);
  const sign = dollars < 0 ? '-' : '';
  const trim = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''));
  if (abs >= 1_000_000) return `${sign}$${trim(Math.round(abs / 100_000) / 10)}M`;
  if (abs >= 1_000) return `${sign}$${trim(Math.round(abs / 100) / 10)}k`;
  return `${sign}$${trim(Math.round(abs * 10) / 10)}`;
}
