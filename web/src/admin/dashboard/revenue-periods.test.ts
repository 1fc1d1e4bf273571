import { dailyWindow, dayOfMonth, defaultRevenuePeriod, monthName, revenueYears } from './revenue-periods';

describe('revenue selector periods', () => {
  it("starts on today's Los Angeles month and year", () => {
    expect(defaultRevenuePeriod('2025-06-14')).toEqual({ month: 6, year: 2025 });
    expect(defaultRevenuePeriod('2026-01-01')).toEqual({ month: 1, year: 2026 });
  });

  it('opens on January 2024 when the clock is before 2024, and on this year after 2026', () => {
    expect(defaultRevenuePeriod('2023-05-01')).toEqual({ month: 1, year: 2024 });
    expect(defaultRevenuePeriod('2027-03-09')).toEqual({ month: 3, year: 2027 });
  });

  it('offers the years from the first booking (2024 at the latest) to the current Los Angeles year', () => {
    expect(revenueYears(null, '2026-11-23')).toEqual([2024, 2025, 2026]);
    expect(revenueYears(2025, '2026-11-23')).toEqual([2024, 2025, 2026]);
    expect(revenueYears(2022, '2026-01-01')).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(revenueYears(2026, '2028-02-01')).toEqual([2024, 2025, 2026, 2027, 2028]);
    expect(revenueYears(null, '2023-06-01')).toEqual([2024]);
  });

  it('names months and days', () => {
    expect(monthName(1)).toBe('January');
    expect(monthName(12)).toBe('December');
    expect(dayOfMonth('2025-06-03')).toBe('3');
  });
});

describe('daily view window', () => {
  it("lists the 15 days ending today when today's month is chosen", () => {
    const window = dailyWindow('2025-11-20', { month: 11, year: 2025 });
    expect(window.days).toHaveLength(15);
    expect(window.days[0]).toBe('2025-11-06');
    expect(window.days.at(-1)).toBe('2025-11-20');
    expect(window.months).toEqual([{ month: 11, year: 2025 }]);
    expect(window.label).toBe('Nov 6 – Nov 20, 2025');
    expect(window.endsToday).toBe(true);
  });

  it('reaches into the month before early in the month, and needs both months', () => {
    const window = dailyWindow('2025-11-03', { month: 11, year: 2025 });
    expect([window.days[0], window.days.at(-1)]).toEqual(['2025-10-20', '2025-11-03']);
    expect(window.months).toEqual([
      { month: 10, year: 2025 },
      { month: 11, year: 2025 },
    ]);
    expect(window.label).toBe('Oct 20 – Nov 3, 2025');
  });

  it('crosses a year boundary in early January', () => {
    const window = dailyWindow('2026-01-05', { month: 1, year: 2026 });
    expect(window.months).toEqual([
      { month: 12, year: 2025 },
      { month: 1, year: 2026 },
    ]);
    expect(window.label).toBe('Dec 22, 2025 – Jan 5, 2026');
  });

  it("lists another month's first 15 days", () => {
    const window = dailyWindow('2025-11-20', { month: 2, year: 2024 });
    expect([window.days[0], window.days.at(-1)]).toEqual(['2024-02-01', '2024-02-15']);
    expect(window.months).toEqual([{ month: 2, year: 2024 }]);
    expect(window.label).toBe('Feb 1 – Feb 15, 2024');
    expect(window.endsToday).toBe(false);
  });
});
