/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingBookingRequest } from '@limo/contracts';
import { renderWithApp } from '../../test-support/render';
import { PendingRequests } from './PendingRequests';

const request = (over: Partial<PendingBookingRequest> = {}): PendingBookingRequest => ({
  id: 3,
  reference: 'LX-7K3Q9',
  customerName: 'Quinn Rider',
  customerEmail: 'quinn@example.com',
  customerPhone: '3105559876',
  pickupLocation: 'LAX',
  dropoffLocation: 'Downtown Los Angeles',
  scheduledDate: '2030-03-08',
  scheduledTime: '10:30',
  vehicleType: 'Executive Sedan',
  passengers: 3,
  createdAt: '2030-03-01T10:00:00.000Z',
  status: 'pending',
  totalAmount: '326.03',
  tripType: 'one-way',
  duration: null,
  vehicleId: 1,
  driverId: null,
  driverResponse: null,
  assignedAt: null,
  responseDeadline: null,
  ...over,
});

const options = [
  { driverId: 1, name: 'Marcus Whitfield', username: 'whitma', free: true, conflict: null },
  { driverId: 2, name: 'Elena Vasquez', username: 'vasqel', free: false, conflict: { bookingId: 9, reference: 'LX-BUSY1' } },
];

const drivers = [{ id: 1, firstName: 'Marcus', lastName: 'Whitfield' }];

describe('pending requests', () => {
  const fetchMock = jest.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  it('shows passengers and the vehicle, offers the on-duty drivers as free or busy, and assigns the one chosen', async () => {
    renderWithApp(<PendingRequests />, {
      queryData: { '/api/bookings/pending': [request()], '/api/drivers': drivers, '/api/admin/bookings/3/driver-options': options },
    });
    const card = await screen.findByTestId('pending-LX-7K3Q9');
    expect(within(card).getByText('Passengers').nextSibling?.textContent).toBe('3');
    expect(within(card).getByText('Executive Sedan')).toBeTruthy();
    const select = within(card).getByLabelText('Assign driver') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Select an on-duty driver (best suggestion first)',
      'Marcus Whitfield (whitma) · free',
      'Elena Vasquez (vasqel) · busy with LX-BUSY1',
    ]);
    const assign = within(card).getByRole('button', { name: 'Assign & Notify: LX-7K3Q9' }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);

    const user = userEvent.setup();
    await user.selectOptions(select, '1');
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ id: 3, driverId: 1, driverResponse: 'pending', assignedAt: null, responseDeadline: null }) } as unknown as Response);
    await user.click(assign);
    await screen.findByText('Driver Notified');
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/admin/bookings/3/assign');
    expect(JSON.parse(String(init?.body))).toEqual({ driverId: 1 });
  });

  it('shows a refusal in the server’s words', async () => {
    renderWithApp(<PendingRequests />, {
      queryData: { '/api/bookings/pending': [request()], '/api/drivers': drivers, '/api/admin/bookings/3/driver-options': options },
    });
    const card = await screen.findByTestId('pending-LX-7K3Q9');
    const select = within(card).getByLabelText('Assign driver') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    const user = userEvent.setup();
    await user.selectOptions(select, '2');
    const body = JSON.stringify({ statusCode: 409, message: 'This driver already has LX-BUSY1 at that time' });
    fetchMock.mockResolvedValue({ ok: false, status: 409, statusText: 'Conflict', headers: { get: () => null }, text: async () => body } as unknown as Response);
    await user.click(within(card).getByRole('button', { name: 'Assign & Notify: LX-7K3Q9' }));
    expect(await screen.findByText('This driver already has LX-BUSY1 at that time')).toBeTruthy();
  });

  it('shows who has yet to answer, the time left and Withdraw', async () => {
    const deadline = new Date(Date.now() + 14 * 60_000 + 30_000).toISOString();
    renderWithApp(<PendingRequests />, {
      queryData: {
        '/api/bookings/pending': [request({ driverId: 1, driverResponse: 'pending', assignedAt: new Date().toISOString(), responseDeadline: deadline })],
        '/api/drivers': drivers,
      },
    });
    const awaiting = await screen.findByTestId('awaiting-driver');
    await within(awaiting).findByText('Marcus Whitfield');
    expect(awaiting.textContent).toMatch(/^Waiting for Marcus Whitfield to answer\. Time left: 14:(30|29)/);
    expect(screen.queryByLabelText('Assign driver')).toBeNull();
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ id: 3, driverId: null, driverResponse: 'withdrawn', assignedAt: null, responseDeadline: null }) } as unknown as Response);
    await userEvent.setup().click(within(awaiting).getByRole('button', { name: 'Withdraw LX-7K3Q9 from Marcus Whitfield' }));
    await screen.findByText('Assignment Withdrawn');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/admin/bookings/3/withdraw');
  });
});
