/**
 * Whole hours since a shift began, never negative: a start a little after `now` (another
 * replica's clock ahead of this one, or a duty toggle between reading the clock and the row) is 0.
 */
export function hoursWorkedSince(start: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - start.getTime()) / 3_600_000));
}
