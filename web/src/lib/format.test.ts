import { countOf, emailBreakParts, formatDate, formatMoney, formatTime } from './format';

describe('money, date and time formatting', () => {
  it('formats exact amounts with grouping and two decimals', () => {
    expect(formatMoney('1234.50')).toBe('$1,234.50');
    expect(formatMoney('0.00')).toBe('$0.00');
    expect(formatMoney('1234567.89')).toBe('$1,234,567.89');
    expect(formatMoney('-12.30')).toBe('-$12.30');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(null)).toBe('$0.00');
  });

  it('reads a business date as a calendar date in any browser zone', () => {
    expect(formatDate('2025-01-01')).toBe('Jan 1, 2025');
    expect(formatDate('2025-12-31')).toBe('Dec 31, 2025');
  });

  it('shows times on a 12-hour clock', () => {
    expect(formatTime('00:00')).toBe('12:00 AM');
    expect(formatTime('12:30')).toBe('12:30 PM');
    expect(formatTime('23:30')).toBe('11:30 PM');
    expect(formatTime('09:00')).toBe('9:00 AM');
  });
});

describe('counts and email addresses', () => {
  it('names one ride in the singular', () => {
    expect([0, 1, 2].map((n) => countOf(n, 'ride'))).toEqual(['0 rides', '1 ride', '2 rides']);
  });

  it('offers line breaks before the @ and each dot only', () => {
    expect(emailBreakParts('jordan.whitfield@prestige-limo.example')).toEqual(['jordan', '.whitfield', '@prestige-limo', '.example']);
    expect(emailBreakParts('a@b').join('')).toBe('a@b');
  });
});
