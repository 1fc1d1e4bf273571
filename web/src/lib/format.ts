import { businessDateOf } from '@limo/contracts/common/business-time';
import { toCents } from '@limo/contracts/common/cents';

/** "$1,234.50" from an exact Money string or integer cents, without floating point. */
export function formatMoney(amount: string | number | null | undefined): string {
  if (amount == null || amount === '') return '$0.00';
  let cents: number;
  try {
    cents = typeof amount === 'number' ? Math.round(amount) : toCents(amount);
  } catch {
    return String(amount);
  }
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** "Jun 14, 2025" for a YYYY-MM-DD business date, read as a calendar date (no zone shift). */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [, y, m, d] = match;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "May 20, 2027": the Los Angeles day of an instant (an ISO timestamp). */
export function formatBusinessDay(instant: string): string {
  return formatDate(businessDateOf(new Date(instant)));
}

/** "2:30 PM" for an "HH:MM" time. */
export function formatTime(time: string | null | undefined): string {
  if (!time) return '';
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${match[2]} ${suffix}`;
}

/**
 * A rating out of 5.0: one decimal, or two when the stored decimal(3,2) has a second one (4.95
 * must not read as 5.0); a missing rating is the default 5.0.
 */
export function formatRating(rating: string | number | null | undefined): string {
  const n = rating == null || rating === '' ? NaN : Number(rating);
  if (!Number.isFinite(n)) return '5.0';
  const two = n.toFixed(2);
  return two.endsWith('0') ? n.toFixed(1) : two;
}

export function driverFullName(driver: { firstName: string; lastName: string }): string {
  return `${driver.firstName} ${driver.lastName}`.trim();
}

/** "1 ride", "2 rides", "0 rides": a count with its noun. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * Where an email address may break across lines: before the '@' and before each '.', as a
 * reader would split it, never inside a word (the parts, to be shown as unbreakable boxes).
 */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?=[@.])/);
}
