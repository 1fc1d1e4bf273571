/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DriverRide } from '@limo/contracts/booking/dispatch';
import { renderWithApp } from '../../test-support/render';
import { RideCard } from './RideCard';

const ride = (over: Partial<DriverRide> = {}): DriverRide => ({
  id: 12,
  reference: 'LX-7K3Q9',
  status: 'confirmed',
  tripType: 'one-way',
  pickupDate: '2026-11-24',
  pickupTime: '07:30',
  pickupAt: '2026-11-24T15:30:00.000Z',
  pickupLocation: 'LAX',
  dropoffLocation: 'The Beverly Hills Hotel',
  waypoints: [],
  duration: null,
  passengers: 3,
  vehicleId: 1,
  vehicleName: 'Executive Sedan',
  customerName: 'Olivia Bennett',
  customerPhone: '(310) 555-0110',
  specialRequests: 'Water, please',
  meetGreet: true,
  childSeats: false,
  driverResponse: 'accepted',
  driverStatus: null,
  assignedAt: '2026-11-23T21:00:00.000Z',
  responseDeadline: '2026-11-23T21:15:00.000Z',
  startableFrom: '2026-11-24T12:30:00.000Z',
  driverEarnings: null,
  ...over,
});

function answer(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return { ok: status < 300, status, statusText: '', headers: { get: () => null }, text: async () => text, json: async () => body } as unknown as Response;
}

const buttons = () => within(screen.getByRole('group', { name: /Report progress/ })).getAllByRole('button').map((b) => b.textContent);

describe('ride card', () => {
  const fetchMock = jest.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  it('shows what the driver needs: customer, phone to call, route, LA pickup time and the extras', () => {
    renderWithApp(<RideCard ride={ride()} />);
    expect(screen.getByRole('heading', { name: 'Tue, Nov 24, 2026 at 7:30 AM' })).toBeTruthy();
    expect(screen.getByText('Olivia Bennett')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(310) 555-0110' }).getAttribute('href')).toBe('tel:3105550110');
    for (const text of ['LAX', 'The Beverly Hills Hotel', '3', 'Executive Sedan', 'Water, please']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText('Meet & Greet').nextSibling?.textContent).toBe('Yes');
    expect(screen.getByText('Child Seats').nextSibling?.textContent).toBe('No');
    expect(screen.getByRole('link', { name: 'Navigate to pickup' }).getAttribute('href')).toBe('https://www.google.com/maps/dir/?api=1&travelmode=driving&destination=LAX');
  });

  it('offers the next required status and the skippable ones before it, and reports the one pressed', async () => {
    const { unmount } = renderWithApp(<RideCard ride={ride()} />);
    expect(buttons()).toEqual(['Start: En Route']);
    unmount();

    renderWithApp(<RideCard ride={ride({ status: 'in-progress', driverStatus: 'picked-up' })} />);
    expect(screen.getByText('Passenger Picked Up', { selector: 'strong' })).toBeTruthy();
    expect(buttons()).toEqual(['Halfway There', 'Two Miles Away', 'Passenger Dropped Off']);

    fetchMock.mockResolvedValue(answer(200, ride({ status: 'in-progress', driverStatus: 'dropped-off' })));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Passenger Dropped Off' }));
    await screen.findByText('Status Updated');
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/bookings/12/driver-status');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ driverStatus: 'dropped-off' });
  });

  it('completes a dropped-off ride with the extras the driver adds, checked as the server checks them', async () => {
    const user = userEvent.setup();
    renderWithApp(<RideCard ride={ride({ status: 'in-progress', driverStatus: 'dropped-off' })} />);
    expect(screen.queryByRole('group', { name: /Report progress/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add extra' }));
    await user.selectOptions(screen.getByLabelText('Extra 1'), 'parking');
    await user.type(screen.getByLabelText(/^Amount/), '-4');
    await user.click(screen.getByRole('button', { name: /^Complete Ride/ }));
    expect(await screen.findByText('An extra must be an amount above $0.00 with at most two decimals')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Amount/));
    await user.type(screen.getByLabelText(/^Amount/), '12.5');
    await user.type(screen.getByLabelText('Note'), 'LAX structure P3');
    await user.click(screen.getByRole('button', { name: 'Add extra' }));
    await user.type(screen.getAllByLabelText(/^Amount/)[1], '7.25');
    await user.click(screen.getByRole('button', { name: 'Remove extra 2' }));
    fetchMock.mockResolvedValue(answer(200, ride({ status: 'completed', driverStatus: 'completed', driverEarnings: '56.25' })));
    await user.click(screen.getByRole('button', { name: 'Complete Ride with $12.50 extras' }));
    await screen.findByText('Ride Completed');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ driverStatus: 'completed', extras: [{ kind: 'parking', amount: '12.50', note: 'LAX structure P3' }] });
  });

  it('tells the driver a refused move in the server’s words', async () => {
    fetchMock.mockResolvedValue(answer(409, { statusCode: 409, message: 'This status cannot be skipped: report en-route first' }));
    renderWithApp(<RideCard ride={ride()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start: En Route' }));
    expect(await screen.findByText('This status cannot be skipped: report en-route first')).toBeTruthy();
  });

  it('says when a confirmed ride can be started instead of offering to start it, until its start window opens', () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T12:29:50.000Z'), advanceTimers: true });
    try {
      renderWithApp(<RideCard ride={ride()} />);
      expect(screen.getByTestId('ride-starts').textContent).toBe('Starts at 4:30 AM on Tue, Nov 24: you can report En Route from then.');
      expect(screen.queryByRole('button', { name: 'Start: En Route' })).toBeNull();
      act(() => jest.advanceTimersByTime(15_000));
      expect(buttons()).toEqual(['Start: En Route']);
      expect(screen.queryByTestId('ride-starts')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('holds the passenger\'s name up full screen for a meet-and-greet pickup, and closes on a tap or on Escape', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<RideCard ride={ride({ meetGreet: false })} />);
    expect(screen.queryByRole('button', { name: 'Show name sign' })).toBeNull();
    unmount();

    renderWithApp(<RideCard ride={ride()} />);
    await user.click(screen.getByRole('button', { name: 'Show name sign' }));
    const sign = screen.getByRole('dialog', { name: 'Greeting sign: Olivia Bennett' });
    expect(within(sign).getByText('Olivia Bennett').className).toBe('greeting-sign-name');
    await user.click(sign);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show name sign' }));
    // Escape, as a browser reports it to a modal <dialog> (jsdom has no modal behaviour of its own).
    act(() => void screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no sign before the ride is accepted or after it ends', () => {
    const { unmount } = renderWithApp(<RideCard ride={ride({ status: 'pending', driverResponse: 'pending' })} />);
    expect(screen.queryByRole('button', { name: 'Show name sign' })).toBeNull();
    unmount();
    renderWithApp(<RideCard ride={ride({ status: 'completed', driverStatus: 'completed' })} />);
    expect(screen.queryByRole('button', { name: 'Show name sign' })).toBeNull();
  });

  it('runs the wait clock after "Arrived": free until the end of the free hour, then says each started minute is charged', () => {
    // Arrived at 7:20 AM for a 7:30 AM airport pickup: the clock starts at 7:30, free until 8:30.
    jest.useFakeTimers({ now: new Date('2026-11-24T16:00:00.000Z'), advanceTimers: true });
    try {
      const arrived = ride({ status: 'in-progress', driverStatus: 'arrived', arrivedAt: '2026-11-24T15:20:00.000Z', meetGreet: false });
      renderWithApp(<RideCard ride={arrived} />);
      expect(screen.getByTestId('wait-clock').textContent).toBe('Waiting 30 min: free until 8:30 AM.');
      act(() => jest.advanceTimersByTime(45 * 60_000));
      expect(screen.getByTestId('wait-clock').textContent).toBe('Waiting 75 min: the 60 free minutes ended at 8:30 AM, each started minute is now charged.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the wait measured at the pickup', () => {
    renderWithApp(<RideCard ride={ride({ status: 'in-progress', driverStatus: 'picked-up', arrivedAt: '2026-11-24T15:30:00.000Z', wait: { minutes: 75, freeMinutes: 60, chargedMinutes: 15, charge: '25.00' } })} />);
    expect(screen.getByTestId('ride-wait').textContent).toBe('75 min (60 free): 15 min charged, $25.00');
    expect(screen.queryByTestId('wait-clock')).toBeNull();
  });

  describe('awaiting an answer', () => {
    beforeEach(() => {
      jest.useFakeTimers({ now: new Date('2026-11-23T21:10:00.000Z'), advanceTimers: true });
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('counts down to the deadline with Accept and Decline, and accepts', async () => {
      renderWithApp(<RideCard ride={ride({ status: 'pending', driverResponse: 'pending' })} />);
      expect(screen.getByRole('timer').textContent).toBe('5:00');
      expect(screen.queryByRole('group', { name: /Report progress/ })).toBeNull();
      fetchMock.mockResolvedValue(answer(200, ride()));
      await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Accept LX-7K3Q9' }));
      await screen.findByText('Ride Accepted');
      expect(fetchMock.mock.calls[0][0]).toBe('/api/bookings/12/accept');
    });

    it('asks before declining', async () => {
      renderWithApp(<RideCard ride={ride({ status: 'pending', driverResponse: 'pending' })} />);
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Decline LX-7K3Q9' }));
      expect(fetchMock).not.toHaveBeenCalled();
      fetchMock.mockResolvedValue(answer(200, ride({ status: 'pending', driverResponse: 'declined' })));
      await user.click(screen.getByRole('button', { name: 'Yes, Decline' }));
      await waitFor(() => expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/bookings/12/decline'));
    });

    it('closes the answer when the deadline passes', () => {
      renderWithApp(<RideCard ride={ride({ status: 'pending', driverResponse: 'pending', responseDeadline: '2026-11-23T21:09:59.000Z' })} />);
      expect(screen.getByText('The time to answer this ride has passed')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Accept LX-7K3Q9' }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Decline LX-7K3Q9' }) as HTMLButtonElement).disabled).toBe(true);
    });
  });

  describe('map', () => {
    const placed = { pickupPoint: { latitude: 33.9416, longitude: -118.4085 }, dropoffPoint: { latitude: 34.0817, longitude: -118.4138 } };
    afterEach(() => jest.useRealTimers());

    it('shows the pickup and drop-off on a map once the ride can start, not before', async () => {
      jest.useFakeTimers({ now: new Date('2026-11-24T11:00:00.000Z'), advanceTimers: true });
      const early = renderWithApp(<RideCard ride={ride(placed)} />, { queryData: { '/api/map': { tiles: null } } });
      // Neither the map nor its placeholder while it loads (the map itself is lazy).
      await act(async () => {});
      expect(early.container.querySelector('.ride-map')).toBeNull();
      expect(screen.queryByRole('region', { name: 'Map of ride LX-7K3Q9' })).toBeNull();
      early.unmount();
      jest.setSystemTime(new Date('2026-11-24T13:00:00.000Z'));
      renderWithApp(<RideCard ride={ride(placed)} />, { queryData: { '/api/map': { tiles: null } } });
      const map = await screen.findByRole('region', { name: 'Map of ride LX-7K3Q9' });
      await within(map).findByRole('img', { name: 'Pickup: LAX' });
      expect(within(map).getByRole('img', { name: 'Drop-off: The Beverly Hills Hotel' }).dataset.at).toBe('34.08170,-118.41380');
    });

    it('shows none when neither place could be placed', () => {
      jest.useFakeTimers({ now: new Date('2026-11-24T13:00:00.000Z'), advanceTimers: true });
      const { container } = renderWithApp(<RideCard ride={ride({ pickupPoint: null, dropoffPoint: null })} />, { queryData: { '/api/map': { tiles: null } } });
      expect(container.querySelector('.ride-map')).toBeNull();
      expect(screen.queryByRole('region', { name: /Map of ride/ })).toBeNull();
    });
  });
});
