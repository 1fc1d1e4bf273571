import { dayOfMonth, defaultRevenuePeriod, monthName } from './revenue-periods';

describe('revenue selector periods', () => {
  it("starts on today's Los Angeles month and year", () => {
    expect(defaultRevenuePeriod('2025-06-14')).toEqual({ month: 6, year: 2025 });
    expect(defaultRevenuePeriod('2026-01-01')).toEqual({ month: 1, year: 2026 });
  });

  it('keeps the year within 2024-2026', () => {
    expect(defaultRevenuePeriod('2023-05-01')).toEqual({ month: 1, year: 2024 });
    expect(defaultRevenuePeriod('2027-03-09')).toEqual({ month: 12, year: 2026 });
  });

  it('names months and days', () => {
    expect(monthName(1)).toBe('January');
    expect(monthName(12)).toBe('December');
    expect(dayOfMonth('2025-06-03')).toBe('3');
  });
});
