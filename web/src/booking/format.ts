import { fromCents, toCents } from '@limo/contracts/common/cents';
/** "2026-12-01" -> "Tuesday, December 1, 2026" (a calendar date: no time zone can shift it). */
export function formatTripDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const instant = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(instant);
}

/** "1207.50" -> "$1,207.50". The amount stays a string: no float arithmetic on money. */
export function formatMoney(amount: string): string {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) return `$${amount}`;
  const whole = match[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${match[1]}$${whole}.${match[3]}`;
}

/** The sum of two money strings, to the cent ("70.00" + "56.00" = "126.00"). */
export function addMoney(a: string, b: string): string {
  return fromCents(toCents(a) + toCents(b));
}
