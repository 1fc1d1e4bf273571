/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { businessToday, monthWeeks } from '@limo/contracts/common/business-time';
import type { DriverRevenueReport } from '@limo/contracts/drivers/portal';
import { renderWithApp } from '../../test-support/render';
import DriverRevenuePage from './DriverRevenuePage';
import { MONTHS } from './revenue-periods';

const [YEAR, MONTH] = businessToday().split('-').map(Number);

const report = (kind: 'month' | 'week'): DriverRevenueReport => ({
  period: { kind, from: '2026-11-08', to: '2026-11-14', label: kind === 'month' ? 'November 2026' : 'Week 2: Nov 8-Nov 14' },
  days: [
    { date: '2026-11-08', rides: 2, earnings: '210.40', hoursWorked: 5.5 },
    { date: '2026-11-09', rides: 0, earnings: '0.00', hoursWorked: 0 },
  ],
  totals: {
    earnings: '210.40',
    rides: 2,
    hoursWorked: 5.5,
    averagePerRide: '105.20',
    averagePerDay: '30.06',
    daysWorked: 1,
    averagePerHour: '38.25',
    topDay: { date: '2026-11-08', earnings: '210.40' },
  },
});

const queryData = {
  '/api/drivers/current/revenue/monthly': report('month'),
  '/api/drivers/current/revenue/weekly': report('week'),
};

const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;
const optionTexts = (el: HTMLSelectElement) => [...el.options].map((o) => o.textContent);

describe('driver earnings page', () => {
  it('opens on the monthly view of this month, with the twelve months and three years to choose', async () => {
    renderWithApp(<DriverRevenuePage />, { queryData });
    expect(screen.getByText('Loading monthly data...')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Monthly View' }).getAttribute('aria-selected')).toBe('true');
    expect(optionTexts(select('Month'))).toEqual([...MONTHS]);
    expect(select('Month').value).toBe(String(MONTH));
    expect(optionTexts(select('Year'))).toEqual([String(YEAR), String(YEAR - 1), String(YEAR - 2)]);
    expect(screen.queryByLabelText('Week')).toBeNull();

    await screen.findByText('Total Earnings');
    expect(screen.getByTestId('revenue-total-earnings').textContent).toBe('$210.40');
    expect(screen.getByTestId('revenue-total-rides').textContent).toBe('2');
    expect(screen.getByTestId('revenue-hours-worked').textContent).toBe('5.5h');
    expect(screen.getByTestId('revenue-avg-per-ride').textContent).toBe('$105.20');
    const metrics = screen.getByRole('region', { name: 'Performance Metrics' });
    expect(within(metrics).getByText('Days Worked').nextSibling?.textContent).toBe('1');
    expect(within(metrics).getByText('Avg Earnings/Hour').nextSibling?.textContent).toBe('$38.25');
    expect(within(metrics).getByText('Top Earning Day').nextSibling?.textContent).toBe('Nov 8 · $210.40');
    expect(within(screen.getByTestId('daily-table')).getAllByRole('row')).toHaveLength(4); // head, 2 days, total
  });

  it('lists the weeks of the chosen month in the weekly view, and follows a change of month', async () => {
    const user = userEvent.setup();
    renderWithApp(<DriverRevenuePage />, { queryData });
    fireEvent.click(screen.getByRole('tab', { name: 'Weekly View' }));
    expect(screen.getByText('Loading weekly data...')).toBeTruthy();
    expect(optionTexts(select('Week'))).toEqual(monthWeeks(YEAR, MONTH).map((w) => w.label));

    await user.selectOptions(select('Month'), '2');
    await user.selectOptions(select('Year'), String(YEAR - 1));
    const february = monthWeeks(YEAR - 1, 2);
    expect(optionTexts(select('Week'))).toEqual(february.map((w) => w.label));
    expect(optionTexts(select('Week'))[0]).toMatch(/^Week 1: Feb 1-Feb \d$/);
    expect(select('Week').value).toBe('1');

    await user.selectOptions(select('Week'), '2');
    expect(select('Week').value).toBe('2');
    await screen.findByText('Week Total');
    expect(screen.getByTestId('revenue-week-total').textContent).toBe('$210.40');
    expect(screen.getByTestId('revenue-daily-average').textContent).toBe('$30.06');
    expect(screen.getByRole('region', { name: 'Daily Breakdown' })).toBeTruthy();
  });

  it('says No data for a week that has not started: no average, no day listed', async () => {
    const ahead = report('week');
    const future: DriverRevenueReport = { ...ahead, days: [], totals: { ...ahead.totals, earnings: '0.00', rides: 0, averagePerRide: '0.00', averagePerDay: '0.00', daysWorked: 0, averagePerHour: null, topDay: null } };
    renderWithApp(<DriverRevenuePage />, { queryData: { ...queryData, '/api/drivers/current/revenue/weekly': future } });
    fireEvent.click(screen.getByRole('tab', { name: 'Weekly View' }));
    await screen.findByText('Week Total');
    expect(screen.getByTestId('revenue-daily-average').textContent).toBe('No data');
    expect(within(screen.getByRole('region', { name: 'Daily Breakdown' })).getByText('No data: this period has not started yet.')).toBeTruthy();
    expect(screen.queryByTestId('daily-table')).toBeNull();
  });
});
