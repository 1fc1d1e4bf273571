import { fromCents } from '@limo/contracts';

/** Whole cents of total / count, rounded half up; "0.00" when count is 0. */
export function averageCents(totalCents: number, count: number): number {
  if (count === 0) return 0;
  const t = BigInt(totalCents);
  const n = BigInt(count);
  const sign = t < 0n ? -1n : 1n;
  const abs = t * sign;
  return Number(sign * ((2n * abs + n) / (2n * n)));
}

export const average = (totalCents: number, count: number) => fromCents(averageCents(totalCents, count));

/** Percent change with one decimal; null when there is nothing to compare against. */
export function growthPercentage(currentCents: number, previousCents: number): number | null {
  if (previousCents === 0) return null;
  return Math.round(((currentCents - previousCents) / previousCents) * 1000) / 10;
}
