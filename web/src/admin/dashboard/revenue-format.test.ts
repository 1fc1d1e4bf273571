import { barScale, compactDollars, compareAmounts, formatGrowth, niceMax } from './revenue-format';

describe('growth percentage wording', () => {
  it('signs and rounds to one decimal', () => {
    expect(formatGrowth(12.345)).toEqual({ text: '+12.3%', trend: 'up' });
    expect(formatGrowth(-3)).toEqual({ text: '-3.0%', trend: 'down' });
    expect(formatGrowth('7.25')).toEqual({ text: '+7.3%', trend: 'up' });
    expect(formatGrowth(0)).toEqual({ text: '0.0%', trend: 'flat' });
    expect(formatGrowth(0.04)).toEqual({ text: '0.0%', trend: 'flat' });
  });

  it('says n/a when there is no growth figure', () => {
    expect(formatGrowth(null)).toEqual({ text: 'n/a', trend: 'flat' });
    expect(formatGrowth(undefined)).toEqual({ text: 'n/a', trend: 'flat' });
  });
});

describe('period comparison', () => {
  it('gives the change against the previous period', () => {
    expect(compareAmounts('125.00', '100.00', 'yesterday')).toEqual({ text: '+25.0% vs yesterday', trend: 'up' });
    expect(compareAmounts('50.00', '100.00', 'last month')).toEqual({ text: '-50.0% vs last month', trend: 'down' });
  });

  it('gives no percentage when the previous period had nothing', () => {
    expect(compareAmounts('0.00', '0.00', 'yesterday')).toEqual({ text: 'No change vs yesterday', trend: 'flat' });
    expect(compareAmounts('80.00', '0.00', 'yesterday')).toEqual({ text: 'Up from $0.00 yesterday', trend: 'up' });
  });
});

describe('bar chart scaling', () => {
  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(1.2)).toBe(2);
    expect(niceMax(230)).toBe(250);
    expect(niceMax(245)).toBe(250);
    expect(niceMax(251)).toBe(500);
    expect(niceMax(999)).toBe(1000);
    expect(niceMax(1001)).toBe(2000);
  });

  it('scales bars to the chart height with even ticks', () => {
    const scale = barScale([100, 245, 0], 200);
    expect(scale.max).toBe(250);
    expect(scale.ticks).toEqual([0, 50, 100, 150, 200, 250]);
    expect(scale.barHeight(250)).toBe(200);
    expect(scale.barHeight(125)).toBe(100);
    expect(scale.barHeight(0)).toBe(0);
    expect(scale.barHeight(-5)).toBe(0);
  });

  it('puts every tick on a round figure', () => {
    expect(barScale([1800], 100).ticks).toEqual([0, 500, 1000, 1500, 2000]);
    expect(barScale([900], 100).ticks).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(barScale([4200], 100).ticks).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
  });

  it('keeps an all-zero chart drawable', () => {
    const scale = barScale([0, 0], 100);
    expect(scale.max).toBe(1);
    expect(scale.barHeight(0)).toBe(0);
  });
});

describe('chart axis labels', () => {
  it('shortens dollars to k and M', () => {
    expect(compactDollars(0)).toBe('$0');
    expect(compactDollars(62.5)).toBe('$62.5');
    expect(compactDollars(250)).toBe('$250');
    expect(compactDollars(1500)).toBe('$1.5k');
    expect(compactDollars(12000)).toBe('$12k');
    expect(compactDollars(1_250_000)).toBe('$1.3M');
  });
});
