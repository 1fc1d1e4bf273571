import { addDays, BOOKING_LIMITS, businessDateOf, businessInstant, businessToday, shortDate } from './contracts-lite';

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
 * The slots a customer may pick on a date (Los Angeles): those at least the lead time from now, as
 * the server requires. The earliest allowed instant may fall on the next day (after 10 PM with a
 * 2-hour lead), so the filter applies to whichever date it falls on; earlier dates get none, later
 * dates all 48.
 */
export function slotsOn(date: string, now: Date = new Date(), leadMinutes: number = BOOKING_LIMITS.minLeadMinutes): TimeSlot[] {
  const earliest = new Date(now.getTime() + leadMinutes * 60_000);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date > businessDateOf(earliest)) return TIME_SLOTS;
  return TIME_SLOTS.filter((slot) => businessInstant(date, slot.value).getTime() >= earliest.getTime());
}

/** The first slot a customer may pick: its date (the date picker's minimum) and time. */
export function earliestPickup(now: Date = new Date(), leadMinutes: number = BOOKING_LIMITS.minLeadMinutes): { date: string; slot: TimeSlot } {
  const first = businessDateOf(new Date(now.getTime() + leadMinutes * 60_000));
  // Past the last slot of that day (11:30 PM), the first is at midnight the day after.
  const date = slotsOn(first, now, leadMinutes).length > 0 ? first : addDays(first, 1);
  return { date, slot: slotsOn(date, now, leadMinutes)[0] };
}

/** Why a date offers no time (today, once the lead time has passed its last slot): the earliest pickup instead. */
function noSlotsNote(date: string, now: Date = new Date(), leadMinutes: number = BOOKING_LIMITS.minLeadMinutes): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || slotsOn(date, now, leadMinutes).length > 0) return undefined;
  const earliest = earliestPickup(now, leadMinutes);
  const today = businessToday(now);
  const day = earliest.date === today ? 'today' : earliest.date === addDays(today, 1) ? 'tomorrow' : `on ${shortDate(earliest.date)}`;
  return `No pickup times are left on this date: the earliest pickup is ${day} at ${earliest.slot.label}`;
}

/** The time field's hint and error: on a date with no time left, why and the earliest pickup (also in place of 'required'). */
export function pickupTimeMessages(date: string, error: string | undefined, now: Date = new Date()): { hint?: string; error?: string } {
  const hint = noSlotsNote(date, now);
  return { hint, error: error && (hint ?? error) };
}

/** Whole-hour choices of a duration select, e.g. 1-12 on the quick form, 3-24 in the wizard. */
export function hourChoices(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

export const hoursLabel = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
