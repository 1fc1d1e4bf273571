import { hoursWorkedSince } from './shift-hours.js';

describe("the open shift's hours worked", () => {
  const start = new Date('2026-11-27T08:00:00.000Z');

  it('counts whole hours since the shift began', () => {
    expect(hoursWorkedSince(start, new Date('2026-11-27T08:00:00.000Z'))).toBe(0);
    expect(hoursWorkedSince(start, new Date('2026-11-27T10:59:59.999Z'))).toBe(2);
    expect(hoursWorkedSince(start, new Date('2026-11-27T11:00:00.000Z'))).toBe(3);
  });

  it('is 0, not -1, for a shift that began just after the clock was read (a toggle in between, or a replica whose clock is ahead)', () => {
    expect(hoursWorkedSince(start, new Date('2026-11-27T07:59:59.950Z'))).toBe(0);
  });
});
