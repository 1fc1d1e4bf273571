import { periodOf, revenueReport } from './earnings-report.js';

const day = (date: string, rides: number, earningsCents: number, hoursWorked: number) => ({ date, rides, earningsCents, hoursWorked });

describe('a driver\'s earnings report', () => {
  it('spans the whole month, or the week of it asked for', () => {
    expect(periodOf('month', 2026, 2, 1)).toEqual({ kind: 'month', from: '2026-02-01', to: '2026-02-28', label: 'February 2026' });
    expect(periodOf('month', 2026, 12)).toMatchObject({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodOf('week', 2026, 11, 2)).toEqual({ kind: 'week', from: '2026-11-08', to: '2026-11-14', label: 'Week 2: Nov 8-Nov 14' });
    expect(periodOf('week', 2026, 11, 6)).toBeNull();
  });

  it('adds up to the cent and averages with half-up rounding', () => {
    const period = periodOf('week', 2026, 11, 1)!;
    const report = revenueReport(period, [
      day('2026-11-01', 0, 0, 0),
      day('2026-11-02', 2, 20_001, 8),
      day('2026-11-03', 1, 10_000, 3.5),
      day('2026-11-04', 0, 0, 2),
      day('2026-11-05', 0, 0, 0),
      day('2026-11-06', 0, 0, 0),
      day('2026-11-07', 0, 0, 0),
    ], '2026-11-20');
    expect(report.totals).toEqual({
      earnings: '300.01',
      rides: 3,
      hoursWorked: 13.5,
      averagePerRide: '100.00', // 30001 / 3 = 10000.33 cents
      averagePerDay: '42.86', // 30001 / 7 = 4285.857
      daysWorked: 3,
      averagePerHour: '22.22', // 30001 / 13.5 = 2222.3 cents
      topDay: { date: '2026-11-02', earnings: '200.01' },
    });
    expect(report.days[1]).toEqual({ date: '2026-11-02', rides: 2, earnings: '200.01', hoursWorked: 8 });
  });

  it('says nothing about averages per hour or a top day when there is nothing to say', () => {
    const report = revenueReport(periodOf('week', 2026, 11, 5)!, [day('2026-11-29', 0, 0, 0), day('2026-11-30', 0, 0, 0)], '2026-12-01');
    expect(report.totals).toMatchObject({ earnings: '0.00', averagePerRide: '0.00', averagePerDay: '0.00', averagePerHour: null, topDay: null, daysWorked: 0 });
  });

  it('divides the daily average by the days that have happened, and lists no day still to come', () => {
    const week = periodOf('week', 2026, 11, 2)!; // Nov 8-14
    const days = ['08', '09', '10', '11', '12', '13', '14'].map((d) => day(`2026-11-${d}`, d === '09' ? 1 : 0, d === '09' ? 9_000 : 0, 0));
    const midweek = revenueReport(week, days, '2026-11-10');
    expect(midweek.days.map((d) => d.date)).toEqual(['2026-11-08', '2026-11-09', '2026-11-10']);
    expect(midweek.totals.averagePerDay).toBe('30.00'); // $90 over 3 days, not 7
    const ahead = revenueReport(week, days, '2026-11-01');
    expect(ahead.days).toEqual([]);
    expect(ahead.totals).toMatchObject({ earnings: '0.00', averagePerDay: '0.00', daysWorked: 0 });
  });
});
