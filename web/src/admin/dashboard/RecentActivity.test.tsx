/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import type { Booking, BookingStatus } from '@limo/contracts';
import { renderWithApp } from '../../test-support/render';
import { RecentActivity } from './RecentActivity';

const booking = (id: number, firstName: string, status: BookingStatus, createdAt: string) =>
  ({
    id,
    firstName,
    lastName: 'Rider',
    status,
    createdAt,
    vehicleId: 1,
    pickupDate: '2030-03-08',
    pickupTime: '10:30',
    totalAmount: '295.84',
  }) as Booking;

describe('recent activity', () => {
  it("badges the three latest bookings: the spec's two words for pending and completed, each other status by its name", async () => {
    const asked: unknown[][] = [];
    renderWithApp(<RecentActivity />, {
      asked,
      queryData: {
        '/api/bookings': [
          booking(1, 'Old', 'pending', '2030-03-01T08:00:00Z'),
          booking(2, 'Cancel', 'cancelled', '2030-03-01T12:00:00Z'),
          booking(3, 'Done', 'completed', '2030-03-01T11:00:00Z'),
          booking(4, 'Fresh', 'pending', '2030-03-01T13:00:00Z'),
        ],
        '/api/vehicles': [{ id: 1, name: 'Mercedes-Benz S-Class' }],
      },
    });
    const items = await screen.findAllByRole('listitem');
    const shown = items.map((item) => [within(item).getByText(/Rider$/).textContent, item.querySelector('.badge')?.textContent, item.querySelector('.badge')?.className]);
    expect(shown).toEqual([
      ['Fresh Rider', 'New Booking', 'badge badge-yellow'],
      ['Cancel Rider', 'Cancelled', 'badge badge-red'],
      ['Done Rider', 'Completed', 'badge badge-green'],
    ]);
    // Only the newest three are asked for, not the whole list.
    expect(asked).toContainEqual(['/api/bookings', { limit: 3 }]);
  });
});
