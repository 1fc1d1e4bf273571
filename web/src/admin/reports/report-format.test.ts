import { durationOrNoData, NO_DATA, percentOrNoData, ratingOrNoData, shareOrNoData } from './report-format';

describe('report figures', () => {
  it("says 'No data' when a figure cannot be computed", () => {
    expect(percentOrNoData(null)).toBe(NO_DATA);
    expect(ratingOrNoData(undefined)).toBe(NO_DATA);
    expect(durationOrNoData(null)).toBe(NO_DATA);
    expect(NO_DATA).toBe('No data');
  });

  it('formats percentages, ratings and durations', () => {
    expect(percentOrNoData(62.54)).toBe('62.5%');
    expect(percentOrNoData(0)).toBe('0.0%');
    expect(ratingOrNoData(4.86)).toBe('4.9 / 5.0');
    expect(durationOrNoData(44.6)).toBe('45 s');
    expect(durationOrNoData(125)).toBe('2 min 5 s');
    expect(durationOrNoData(720)).toBe('12 min');
    expect(durationOrNoData(3600)).toBe('1 h');
    expect(durationOrNoData(3900)).toBe('1 h 5 min');
    expect(shareOrNoData(12, 14)).toBe('12 of 14 (85.7%)');
    expect(shareOrNoData(0, 0)).toBe(NO_DATA);
  });
});
