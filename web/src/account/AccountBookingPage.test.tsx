/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerBooking as booking, jsonAnswer as answer } from '../test-support/customer-booking';
import { atClock } from '../test-support/clock';
import { renderWithApp } from '../test-support/render';
import { slotsOn, TIME_SLOTS } from '../booking/time-slots';
import AccountBookingPage from './AccountBookingPage';

function renderPage(quoteAnswer: Response) {
  globalThis.fetch = jest.fn(async () => quoteAnswer) as typeof fetch;
  renderWithApp(<AccountBookingPage />, { path: '/account/booking?id=13', queryData: { '/api/account/bookings/13': booking, '/api/vehicles': [] } });
  return userEvent.setup();
}

const describedBy = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;


describe("the account's Change this booking form", () => {
  it('shows what the server refuses under the field it names, without the field path, and focuses it', async () => {
    const past = 'Pickup date cannot be in the past';
    const user = renderPage(answer(400, { statusCode: 400, message: `pickupDate: ${past}`, errors: [{ path: 'pickupDate', message: past }] }));
    const date = await screen.findByLabelText(/^Date/);
    fireEvent.change(date, { target: { value: '2020-11-01' } });
    await user.click(screen.getByRole('button', { name: 'See the New Price' }));

    await waitFor(() => expect(describedBy(date)).toBe(past));
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(date);
    expect(document.body.textContent).not.toContain('pickupDate:');
  });

  it("says a refusal of the ride as a whole above the button, as the server words it", async () => {
    const leg = 'This ride is a leg of round trip RT-NV56A: to change its time or places, please call (310) 555-0142, or cancel it and book again.';
    const user = renderPage(answer(409, { statusCode: 409, message: leg }));
    const time = await screen.findByLabelText(/^Pickup time/);
    fireEvent.change(time, { target: { value: '19:00' } });
    await user.click(screen.getByRole('button', { name: 'See the New Price' }));
    expect((await screen.findByRole('alert')).textContent).toBe(leg);
    expect(time.getAttribute('aria-invalid')).toBeNull();
  });

  it("offers a round trip leg's passengers, luggage and vehicle only, and says why its time and places are not offered", async () => {
    const other = { reference: 'LX-RT2B', status: 'pending', pickupDate: '2031-12-08', pickupTime: '10:00', pickupAt: '2031-12-08T18:00:00.000Z', pickupLocation: 'Santa Monica', dropoffLocation: 'LAX', total: '70.00', canCancel: true } as const;
    const leg = { ...booking, trip: { reference: 'RT-NV56A', leg: 'outbound' as const, other } };
    globalThis.fetch = jest.fn() as typeof fetch;
    renderWithApp(<AccountBookingPage />, { path: '/account/booking?id=13', queryData: { '/api/account/bookings/13': leg, '/api/vehicles': [] } });
    await screen.findByLabelText(/^Passengers/);
    for (const label of [/^Date/, /^Pickup time/, /^Pickup location/, /^Drop-off location/]) expect(screen.queryByLabelText(label)).toBeNull();
    expect(screen.getByText(/^This ride is a leg of round trip RT-NV56A: to change its time or places, please call \(310\) 555-0142/)).toBeTruthy();
    expect(screen.getByLabelText(/^Luggage/)).toBeTruthy();
  });

  it('asks before cancelling with focus on Keep It, and once cancelled says so where the forms were, focused', async () => {
    globalThis.fetch = jest.fn(async () => answer(200, { ...booking, status: 'cancelled', canCancel: false })) as typeof fetch;
    renderWithApp(<AccountBookingPage />, { path: '/account/booking?id=13', queryData: { '/api/account/bookings/13': booking, '/api/vehicles': [] } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep It' })));
    await user.click(screen.getByRole('button', { name: 'Keep It' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel Booking' })));

    await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    await user.click(screen.getByRole('button', { name: `Yes, Cancel ${booking.reference}` }));
    const note = await screen.findByRole('status');
    expect(note.textContent).toBe('This booking is cancelled.');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(screen.queryByRole('heading', { name: 'Change this booking' })).toBeNull();
  });

  it('takes focus to the new price, then to the note that the booking is changed', async () => {
    const price = { ...booking.price, total: '88.00' };
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) =>
      init?.method === 'PATCH' ? answer(200, { ...booking, vehicleId: 2, vehicleName: 'Luxury SUV', price }) : answer(200, { previous: booking.price, price }),
    ) as typeof fetch;
    const vehicles = [1, 2].map((id) => ({ id, name: id === 1 ? 'Executive Sedan' : 'Luxury SUV', isActive: true }));
    renderWithApp(<AccountBookingPage />, { path: '/account/booking?id=13', queryData: { '/api/account/bookings/13': booking, '/api/vehicles': vehicles } });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Vehicle'), '2');
    await user.click(screen.getByRole('button', { name: 'See the New Price' }));
    const heading = await screen.findByRole('heading', { name: /^New price: \$88\.00/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    await user.click(screen.getByRole('button', { name: 'Confirm Change at $88.00' }));
    const note = await screen.findByText('Your booking is changed. The new total is $88.00.');
    await waitFor(() => expect(document.activeElement).toBe(note));
  });

  it("offers the wizard's half-hour slots (on today only those past the lead time) and passengers and luggage up to the largest vehicle in service", async () => {
    // 2:10 PM in Los Angeles, so today's slots start at 4:30 PM.
    await atClock('2031-12-01T22:10:00Z', async () => {
      globalThis.fetch = jest.fn() as typeof fetch;
      const vehicles = [
        { id: 1, name: 'Executive Sedan', capacity: 3, luggageCapacity: 3, isActive: true },
        { id: 2, name: 'Sprinter', capacity: 14, luggageCapacity: 12, isActive: true },
        { id: 3, name: 'Coach', capacity: 40, luggageCapacity: 40, isActive: false },
      ];
      renderWithApp(<AccountBookingPage />, { path: '/account/booking?id=13', queryData: { '/api/account/bookings/13': booking, '/api/vehicles': vehicles } });
      const values = (select: HTMLElement) => Array.from((select as HTMLSelectElement).options, (option) => option.value).filter(Boolean);
      const time = await screen.findByLabelText(/^Pickup time/);
      expect(values(time)).toEqual(TIME_SLOTS.map((slot) => slot.value));
      expect((time as HTMLSelectElement).value).toBe(booking.pickupTime);
      expect(values(await screen.findByLabelText(/^Passengers/))).toEqual(Array.from({ length: 14 }, (_, i) => String(i + 1)));
      expect(values(screen.getByLabelText(/^Luggage/))).toEqual(Array.from({ length: 13 }, (_, i) => String(i)));

      // Today: 6:00 PM is still offered and kept; 3:00 PM is not, and is not kept.
      const date = screen.getByLabelText(/^Date/);
      fireEvent.change(date, { target: { value: '2031-12-01' } });
      expect(values(time)).toEqual(slotsOn('2031-12-01').map((slot) => slot.value));
      expect(values(time)[0]).toBe('16:30');
      expect((time as HTMLSelectElement).value).toBe('18:00');
      fireEvent.change(date, { target: { value: booking.pickupDate } });
      fireEvent.change(time, { target: { value: '15:00' } });
      fireEvent.change(date, { target: { value: '2031-12-01' } });
      expect((time as HTMLSelectElement).value).toBe('');
    });
  });

  it("starts the date at the wizard's earliest pickup, and says why today has no time left and when the earliest is", async () => {
    // 9:40 PM in Los Angeles: with the 2-hour lead the first pickup is tomorrow at 12:00 AM.
    await atClock('2031-12-02T05:40:00Z', async () => {
      globalThis.fetch = jest.fn() as typeof fetch;
      renderWithApp(<AccountBookingPage />, { path: '/account/booking?id=13', queryData: { '/api/account/bookings/13': booking, '/api/vehicles': [] } });
      const date = await screen.findByLabelText(/^Date/);
      expect(date.getAttribute('min')).toBe('2031-12-02');

      fireEvent.change(date, { target: { value: '2031-12-01' } });
      const time = screen.getByLabelText(/^Pickup time/) as HTMLSelectElement;
      expect(Array.from(time.options, (option) => option.value).filter(Boolean)).toEqual([]);
      expect(describedBy(time)).toBe('No pickup times are left on this date: the earliest pickup is tomorrow at 12:00 AM');
      expect(screen.getByRole('status').textContent).toBe(describedBy(time));
    });
  });
});
