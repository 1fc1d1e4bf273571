import { reminderDue } from './reminder-due.js';

const HOUR = 3_600_000;
const now = new Date('2026-12-01T12:00:00.000Z');
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * HOUR);

describe('the reminder a booking is owed', () => {
  it('is due 24 hours before a pickup booked further ahead than that', () => {
    expect(reminderDue(null, { status: 'pending', pickupAt: at(48).toISOString() }, 24, now)).toEqual({ pickupAt: at(48).toISOString(), dueAt: at(24) });
  });

  it('is none for a ride booked less than 24 hours ahead, cancelled or under way', () => {
    expect(reminderDue(null, { status: 'pending', pickupAt: at(10).toISOString() }, 24, now)).toBeNull();
    expect(reminderDue(null, { status: 'cancelled', pickupAt: at(48).toISOString() }, 24, now)).toBeNull();
    expect(reminderDue(null, { status: 'in-progress', pickupAt: at(48).toISOString() }, 24, now)).toBeNull();
  });

  it('stays owed for the same pickup after its time has passed, so a lost job is restored late rather than never', () => {
    const previous = { pickupAt: at(10), reminderDueAt: at(-14) };
    expect(reminderDue(previous, { status: 'confirmed', pickupAt: at(10).toISOString() }, 24, now)).toEqual({ pickupAt: at(10).toISOString(), dueAt: at(-14) });
  });

  it('is decided afresh for a moved pickup', () => {
    const previous = { pickupAt: at(48), reminderDueAt: at(24) };
    expect(reminderDue(previous, { status: 'pending', pickupAt: at(10).toISOString() }, 24, now)).toBeNull();
    expect(reminderDue(previous, { status: 'pending', pickupAt: at(72).toISOString() }, 24, now)).toEqual({ pickupAt: at(72).toISOString(), dueAt: at(48) });
  });
});
