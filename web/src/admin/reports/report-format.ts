/** What a report figure shows when there is nothing to compute it from. */
export const NO_DATA = 'No data';
export const DATA_UNAVAILABLE = 'Data unavailable';

export function percentOrNoData(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? NO_DATA : `${value.toFixed(1)}%`;
}

export function ratingOrNoData(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? NO_DATA : `${value.toFixed(1)} / 5.0`;
}

/**
 * A duration given in seconds (the reports' response times): "45 s", "2 min 5 s", "1 h 5 min".
 * (The API counts seconds; an earlier version of this page read them as minutes.)
 */
export function durationOrNoData(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return NO_DATA;
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return total % 60 ? `${minutes} min ${total % 60} s` : `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** "12 of 14 (85.7%)": on-time pickups out of all pickups. */
export function shareOrNoData(part: number, whole: number): string {
  if (!whole) return NO_DATA;
  return `${part} of ${whole} (${((part / whole) * 100).toFixed(1)}%)`;
}
