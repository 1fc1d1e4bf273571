import { minutesOrNoData, NO_DATA, percentOrNoData, ratingOrNoData } from './report-format';

describe('report figures', () => {
  it("says 'No data' when a figure cannot be computed", () => {
    expect(percentOrNoData(null)).toBe(NO_DATA);
    expect(ratingOrNoData(undefined)).toBe(NO_DATA);
    expect(minutesOrNoData(null)).toBe(NO_DATA);
    expect(NO_DATA).toBe('No data');
  });

  it('formats percentages, ratings and durations', () => {
    expect(percentOrNoData(62.54)).toBe('62.5%');
    expect(percentOrNoData(0)).toBe('0.0%');
    expect(ratingOrNoData(4.86)).toBe('4.9 / 5.0');
    expect(minutesOrNoData(12.4)).toBe('12 min');
    expect(minutesOrNoData(60)).toBe('1 h');
    expect(minutesOrNoData(65)).toBe('1 h 5 min');
  });
});
