import { BOOKING_LIMITS, businessInstant, businessToday } from './contracts-lite';

/** A pickup time choice: the value sent (HH:MM, 24-hour) and its 12-hour label. */
export interface TimeSlot {
  value: string;
  label: string;
}

/** "14:30" -> "2:30 PM"; "00:00" -> "12:00 AM". */
export function formatTime12h(value: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${match[2]} ${suffix}`;
}

/** Every 30 minutes of the day: 48 slots from 12:00 AM to 11:30 PM (spec section 9). */
export const TIME_SLOTS: TimeSlot[] = Array.from({ length: 48 }, (_, i) => {
  const value = `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`;
  return { value, label: formatTime12h(value) };
});

/**
 * The slots a customer may pick on a date: on today (Los Angeles) only those at least the lead
 * time from now, as the server requires; on a later date all 48.
 */
export function slotsOn(date: string, now: Date = new Date(), leadMinutes: number = BOOKING_LIMITS.minLeadMinutes): TimeSlot[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date > businessToday(now)) return TIME_SLOTS;
  const earliest = now.getTime() + leadMinutes * 60_000;
  return TIME_SLOTS.filter((slot) => businessInstant(date, slot.value).getTime() >= earliest);
}

/** Whole-hour choices of a duration select, e.g. 1-12 on the quick form, 3-24 in the wizard. */
export function hourChoices(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

export const hoursLabel = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
