import { businessDateOf, businessDateTimeOf, businessInstant, monthLabel } from './business-time.js';

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

describe('the wall clock from offsets kept per UTC hour', () => {
  const intl = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const byIntl = (instant: Date) => {
    const p = Object.fromEntries(intl.formatToParts(instant).map((part) => [part.type, part.value]));
    return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
  };

  it('agrees with Intl minute by minute around both 2026 clock changes', () => {
    for (const around of ['2026-03-08T10:00:00Z', '2026-11-01T09:00:00Z']) {
      const centre = Date.parse(around);
      for (let t = centre - 3 * 3_600_000; t <= centre + 3 * 3_600_000; t += 60_000 + 7_000) {
        const instant = new Date(t);
        expect([instant.toISOString(), businessDateTimeOf(instant)]).toEqual([instant.toISOString(), byIntl(instant)]);
        expect(businessDateOf(instant)).toBe(byIntl(instant).date);
      }
    }
  });

  it('agrees with Intl at every hour of three years', () => {
    for (let t = Date.parse('2025-01-01T00:30:00Z'); t < Date.parse('2028-01-01T00:00:00Z'); t += 3_600_000) {
      const instant = new Date(t);
      expect([instant.toISOString(), businessDateTimeOf(instant)]).toEqual([instant.toISOString(), byIntl(instant)]);
    }
  });
});

describe('monthLabel', () => {
  it('names every month of a year as the calendar does', () => {
    for (let m = 1; m <= 12; m++) {
      const month = `2027-${String(m).padStart(2, '0')}`;
      const calendar = new Date(Date.UTC(2027, m - 1, 15)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      expect(monthLabel(month)).toBe(calendar);
    }
  });
});
