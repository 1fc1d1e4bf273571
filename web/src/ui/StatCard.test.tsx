/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { StatCard } from './StatCard';

describe('StatCard', () => {
  it('shows a figure under its label, with its detail and a test id on the figure', () => {
    render(
      <ul aria-label="Key figures">
        <StatCard label="Total Bookings" value="12" valueTestId="stat-total-bookings" detail="3 this month" tone="blue" icon="M0 0h24v24H0Z" />
      </ul>,
    );
    const card = within(screen.getByRole('list', { name: 'Key figures' })).getByRole('listitem');
    expect(card.className).toBe('stat-card card stat-blue');
    expect(within(card).getByText('Total Bookings').className).toBe('stat-label');
    expect(screen.getByTestId('stat-total-bookings').textContent).toBe('12');
    expect(within(card).getByText('3 this month').className).toBe('stat-detail');
    // The icon is decoration: hidden from screen readers.
    expect(card.querySelector('.stat-icon')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows a value that is no figure quieter, and an inset card without a card of its own', () => {
    render(
      <ul>
        <StatCard label="Fleet Utilization" value="No data" none inset className="revenue-card" />
      </ul>,
    );
    const card = screen.getByRole('listitem');
    expect(card.className).toBe('stat-card stat-card-inset revenue-card');
    expect(within(card).getByText('No data').className).toBe('stat-value stat-none');
    expect(card.querySelector('.stat-detail, .stat-icon')).toBeNull();
  });
});
