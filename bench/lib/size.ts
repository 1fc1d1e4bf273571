/**
 * A scenario's size: its environment variable when set, otherwise the full size, or the tiny one
 * under BENCH_TINY=1. The tiny run is what `npm run bench:check` (scripts/bench-check.mjs) uses to check that
 * every scenario still runs end to end (figures from it mean nothing).
 */
const TINY = process.env.BENCH_TINY === '1';

export function sizeSetting(name: string, full: number, tiny: number): number {
  const value = process.env[name];
  if (value !== undefined && value !== '') {
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
    return parsed;
  }
  return TINY ? tiny : full;
}
