import { businessDateTimeOf, businessInstant } from './business-time.js';

describe('businessInstant (a Los Angeles date and time as an instant)', () => {
  it.each([
    ['2027-01-12', '10:00', '2027-01-12T18:00:00.000Z'], // PST
    ['2026-07-04', '21:30', '2026-07-05T04:30:00.000Z'], // PDT, next UTC day
    ['2026-03-08', '01:30', '2026-03-08T09:30:00.000Z'], // before spring forward
    ['2026-03-08', '02:30', '2026-03-08T10:30:00.000Z'], // skipped: read as 03:30 PDT, like Postgres
    ['2026-03-08', '03:00', '2026-03-08T10:00:00.000Z'],
    ['2026-11-01', '01:30', '2026-11-01T09:30:00.000Z'], // repeated: the second (PST), like Postgres
    ['2026-11-01', '02:00', '2026-11-01T10:00:00.000Z'],
  ])('%s %s is %s', (date, time, iso) => {
    expect(businessInstant(date, time).toISOString()).toBe(iso);
  });
});

describe('businessDateTimeOf', () => {
  it('gives the Los Angeles wall clock to the minute', () => {
    expect(businessDateTimeOf(new Date('2026-03-08T10:00:59Z'))).toEqual({ date: '2026-03-08', time: '03:00' });
    expect(businessDateTimeOf(new Date('2026-11-24T07:59:00Z'))).toEqual({ date: '2026-11-23', time: '23:59' });
    expect(businessDateTimeOf(new Date('2026-11-24T08:00:00Z'))).toEqual({ date: '2026-11-24', time: '00:00' });
  });
});
