/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import type { AdminNotifications } from '@limo/contracts';
import { renderWithApp } from '../../test-support/render';
import { DispatchAlerts } from './DispatchAlerts';

describe('dispatch alerts', () => {
  it("lists each flight alert with its kind, words and a link to the booking's search", async () => {
    const notifications: AdminNotifications = {
      count: 0,
      alerts: [],
      registrations: [],
      flights: [
        {
          bookingId: 7,
          reference: 'LX-7K3Q9',
          kind: 'at-risk',
          detail: 'Flight UA 21 now lands 17:45: pickup moved 16:30 → 18:00. At risk: the driver already has ride LX-QW26Y at the new time; reassign one of them',
          at: '2030-03-08T21:32:00.000Z',
          pickupAt: '2030-03-09T02:00:00.000Z',
        },
        { bookingId: 8, reference: 'LX-ABCDE', kind: 'unknown-flight', detail: 'Flight ZZ 998 is not known to the flight-status provider', at: '2030-03-08T21:40:00.000Z', pickupAt: '2030-03-09T19:00:00.000Z' },
      ],
      settlements: [],
    };
    renderWithApp(<DispatchAlerts />, { queryData: { '/api/admin/notifications': notifications } });
    const items = await screen.findAllByTestId('flight-alert');
    expect(items.map((item) => item.querySelector('.badge')?.textContent)).toEqual(['At risk', 'Unknown flight']);
    expect(within(items[0]).getByRole('link', { name: 'LX-7K3Q9' }).getAttribute('href')).toBe('/admin/bookings?q=LX-7K3Q9');
    expect(items[0].textContent).toContain('At risk: the driver already has ride LX-QW26Y');
    expect(screen.getByTestId('flight-alerts-count').textContent).toBe('2 flights to check');
  });

  it('lists the final prices to review, each linked to its booking', async () => {
    const notifications: AdminNotifications = {
      count: 0,
      alerts: [],
      registrations: [],
      flights: [],
      settlements: [{ bookingId: 9, reference: 'LX-FINAL', finalAmount: '114.25', completedAt: '2030-03-08T21:32:00.000Z' }],
    };
    renderWithApp(<DispatchAlerts />, { queryData: { '/api/admin/notifications': notifications } });
    const [item] = await screen.findAllByTestId('settlement-alert');
    expect(within(item).getByRole('link', { name: 'LX-FINAL' }).getAttribute('href')).toBe('/admin/bookings?q=LX-FINAL');
    expect(item.textContent).toContain('settled at $114.25');
    expect(screen.getByTestId('settlements-count').textContent).toBe('1 final price to review');
  });
});
