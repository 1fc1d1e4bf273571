import { monthEnded, previousMonth, readyToState, STATEMENT_GRACE_DAYS } from './statement-rules.js';

/** Noon in Los Angeles on a date (UTC-7 or -8: 20:00Z is noon or 13:00 there, the same date). */
const la = (date: string, time = '20:00:00') => new Date(`${date}T${time}Z`);

describe('When a statement is made', () => {
  it('knows the month before and whether a month is over, in Los Angeles', () => {
    expect(previousMonth(la('2027-01-01'))).toBe('2026-12');
    expect(previousMonth(la('2027-05-15'))).toBe('2027-04');
    // 03:00 UTC on May 1 is still April 30 in Los Angeles.
    expect(monthEnded('2027-04', new Date('2027-05-01T03:00:00Z'))).toBe(false);
    expect(monthEnded('2027-04', la('2027-05-01'))).toBe(true);
  });

  it('waits for the rides to be settled, at most until the grace days after the month are over', () => {
    const settled = { settled: true };
    const open = { settled: false };
    expect(STATEMENT_GRACE_DAYS).toBe(7);
    expect(readyToState('2027-04', [settled, settled], la('2027-05-01'))).toBe(true);
    expect(readyToState('2027-04', [], la('2027-05-01'))).toBe(true);
    expect(readyToState('2027-04', [settled], la('2027-04-30'))).toBe(false);
    expect(readyToState('2027-04', [settled, open], la('2027-05-01'))).toBe(false);
    expect(readyToState('2027-04', [settled, open], la('2027-05-07'))).toBe(false);
    // 06:59 UTC on May 8 is 23:59 on May 7 in Los Angeles; from midnight there the quote is stated.
    expect(readyToState('2027-04', [open], new Date('2027-05-08T06:59:00Z'))).toBe(false);
    expect(readyToState('2027-04', [open], new Date('2027-05-08T07:00:00Z'))).toBe(true);
    expect(readyToState('2026-12', [open], la('2027-01-08'))).toBe(true);
  });
});
