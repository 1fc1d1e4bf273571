/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { DataTable, type Column } from './DataTable';

interface Day {
  date: string;
  rides: number;
  earnings: string;
}

const COLUMNS: Column<Day>[] = [
  { header: 'Date', rowHeader: true, cell: (d) => d.date },
  { header: 'Rides', numeric: true, cell: (d) => d.rides },
  { header: 'Earnings', numeric: true, cell: (d) => d.earnings, cellClass: (d) => (d.rides === 0 ? 'trend-flat' : undefined) },
];

const DAYS: Day[] = [
  { date: 'Nov 1', rides: 2, earnings: '$180.00' },
  { date: 'Nov 2', rides: 0, earnings: '$0.00' },
];

describe('DataTable', () => {
  it('names the table and its scroll region, and each figure by its row and column headers', () => {
    render(<DataTable caption="Daily earnings, November" label="Daily earnings (table)" columns={COLUMNS} rows={DAYS} rowKey={(d) => d.date} />);
    const region = screen.getByRole('region', { name: 'Daily earnings (table)' });
    const table = within(region).getByRole('table', { name: 'Daily earnings, November' });
    expect(within(table).getAllByRole('columnheader').map((th) => [th.textContent, th.getAttribute('scope'), th.className])).toEqual([
      ['Date', 'col', ''],
      ['Rides', 'col', 'num'],
      ['Earnings', 'col', 'num'],
    ]);
    expect(within(table).getAllByRole('rowheader').map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Nov 1', 'row'],
      ['Nov 2', 'row'],
    ]);
    const quiet = within(table).getByRole('row', { name: /Nov 2/ });
    expect(within(quiet).getAllByRole('cell').map((td) => [td.textContent, td.className])).toEqual([
      ['0', 'num'],
      ['$0.00', 'num trend-flat'],
    ]);
  });

  it('adds a totals row in the columns order, and a row class where the caller asks', () => {
    render(
      <DataTable
        caption="Earnings"
        columns={COLUMNS}
        rows={DAYS}
        rowKey={(d) => d.date}
        rowClass={(d) => (d.rides === 0 ? 'row-quiet' : undefined)}
        footer={['Total', 2, '$180.00']}
        testId="daily-table"
      />,
    );
    expect(screen.getByRole('region', { name: 'Earnings' })).toBeTruthy();
    const table = screen.getByTestId('daily-table');
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(total.parentElement?.tagName).toBe('TFOOT');
    expect(within(total).getByRole('rowheader').textContent).toBe('Total');
    expect(within(total).getAllByRole('cell').map((td) => td.textContent)).toEqual(['2', '$180.00']);
    expect(within(table).getByRole('row', { name: /Nov 2/ }).className).toBe('row-quiet');
  });
});
