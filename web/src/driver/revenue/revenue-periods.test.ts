import type { DriverRevenueReport } from '@limo/contracts/drivers/portal';
import { defaultPeriod, defaultWeek, revenueCsv, weeklyPayouts, withMonth, yearOptions } from './revenue-periods';

const report = (over: Partial<DriverRevenueReport> = {}): DriverRevenueReport => ({
  period: { kind: 'month', from: '2026-11-01', to: '2026-11-30', label: 'November 2026' },
  days: [
    { date: '2026-11-01', rides: 1, earnings: '100.10', hoursWorked: 2 },
    { date: '2026-11-07', rides: 1, earnings: '0.20', hoursWorked: 1.5 },
    { date: '2026-11-08', rides: 2, earnings: '45.05', hoursWorked: 3 },
  ],
  totals: {
    earnings: '145.35',
    rides: 4,
    hoursWorked: 6.5,
    averagePerRide: '36.34',
    averagePerDay: '4.85',
    daysWorked: 3,
    averagePerHour: '22.36',
    topDay: { date: '2026-11-01', earnings: '100.10' },
  },
  ...over,
});

describe('driver earnings periods', () => {
  it('offers the current year and the two before', () => {
    expect(yearOptions('2026-11-23')).toEqual([2026, 2025, 2024]);
    expect(yearOptions('2025-01-01')).toEqual([2025, 2024, 2023]);
  });

  it('opens on this month and the week that holds today (weeks start on Sunday)', () => {
    expect(defaultPeriod('2026-11-23')).toEqual({ year: 2026, month: 11, week: 4 });
    expect(defaultWeek(2026, 11, '2026-11-01')).toBe(1);
    expect(defaultWeek(2026, 11, '2026-11-30')).toBe(5);
  });

  it('starts another month at its first week', () => {
    expect(withMonth(3, 2026, '2026-11-23')).toEqual({ year: 2026, month: 3, week: 1 });
    expect(withMonth(11, 2026, '2026-11-23')).toEqual({ year: 2026, month: 11, week: 4 });
  });

  it('sums the month by week in exact cents', () => {
    const weeks = weeklyPayouts(report(), 2026, 11, '2026-12-02');
    expect(weeks.map((w) => w.label)).toEqual(['Week 1: Nov 1-Nov 7', 'Week 2: Nov 8-Nov 14', 'Week 3: Nov 15-Nov 21', 'Week 4: Nov 22-Nov 28', 'Week 5: Nov 29-Nov 30']);
    expect(weeks[0]).toMatchObject({ rides: 2, earnings: '100.30' });
    expect(weeks[1]).toMatchObject({ rides: 2, earnings: '45.05' });
    expect(weeks[4]).toMatchObject({ rides: 0, earnings: '0.00' });
  });

  it('lists no week that has not begun', () => {
    expect(weeklyPayouts(report(), 2026, 11, '2026-11-09').map((w) => w.week)).toEqual([1, 2]);
    expect(weeklyPayouts(report(), 2026, 11, '2026-10-31')).toEqual([]);
  });

  it('exports the shown period with a row per day and the total, named after it', () => {
    const monthly = revenueCsv(report(), { year: 2026, month: 11, week: 4 });
    expect(monthly.filename).toBe('earnings-2026-11.csv');
    expect(monthly.content).toBe(
      'Date,Rides,Earnings,Hours Worked\r\n2026-11-01,1,100.10,2\r\n2026-11-07,1,0.20,1.5\r\n2026-11-08,2,45.05,3\r\nTotal (November 2026),4,145.35,6.5\r\n',
    );
    const weekly = revenueCsv(report({ period: { kind: 'week', from: '2026-11-08', to: '2026-11-14', label: 'Week 2: Nov 8-Nov 14' } }), { year: 2026, month: 11, week: 2 });
    expect(weekly.filename).toBe('earnings-2026-11-week-2.csv');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    const csv = revenueCsv(report({ period: { kind: 'month', from: '', to: '', label: '=HYPERLINK("x")' }, days: [] }), { year: 2026, month: 11, week: 1 });
    expect(csv.content.split('\r\n')[1]).toBe('"Total (=HYPERLINK(""x""))",4,145.35,6.5');
    const risky = revenueCsv(report({ days: [{ date: '=1+1', rides: 0, earnings: '-1.00', hoursWorked: 0 }] }), { year: 2026, month: 11, week: 1 });
    expect(risky.content.split('\r\n')[1]).toBe("'=1+1,0,-1.00,0");
  });
});
