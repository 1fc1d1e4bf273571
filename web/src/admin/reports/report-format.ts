/** What a report figure shows when there is nothing to compute it from. */
export const NO_DATA = 'No data';
export const DATA_UNAVAILABLE = 'Data unavailable';

export function percentOrNoData(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? NO_DATA : `${value.toFixed(1)}%`;
}

export function ratingOrNoData(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? NO_DATA : `${value.toFixed(1)} / 5.0`;
}

/** Minutes, e.g. "12 min" or "1 h 5 min". */
export function minutesOrNoData(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return NO_DATA;
  const total = Math.round(value);
  if (total < 60) return `${total} min`;
  const h = Math.floor(total / 60);
  const m = total % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}
