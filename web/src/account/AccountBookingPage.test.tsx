/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerBookingView } from '@limo/contracts/booking/self-service';
import { renderWithApp } from '../test-support/render';
import AccountBookingPage from './AccountBookingPage';

/** One of the account's bookings, as GET /api/account/bookings/{id} answers it. */
const booking: CustomerBookingView = {
  reference: 'LX-YRCG2',
  status: 'pending',
  tripType: 'one-way',
  pickupDate: '2031-12-06',
  pickupTime: '18:00',
  pickupAt: '2031-12-07T02:00:00.000Z',
  pickupLocation: 'LAX',
  dropoffLocation: 'Santa Monica',
  waypoints: [],
  duration: null,
  passengers: 1,
  luggage: 0,
  flightNumber: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '(310) 555-0199',
  smsUpdates: false,
  meetGreet: false,
  childSeats: false,
  specialRequests: null,
  price: {
    fare: '60.00', vehicle: '0.00', offer: null, base: '57.97', meetGreet: '0.00', childSeats: '0.00', addOns: '0.00', serviceFee: '2.90', gratuity: '9.13', total: '70.00',
    lines: [{ code: 'fare', label: 'Transfer fare: LAX to Santa Monica', amount: '70.00' }],
  },
  vehicleName: 'Executive Sedan',
  vehicleId: 1,
  chauffeurFirstName: null,
  driverStatus: null,
  canCancel: true,
  cancelCutoffAt: '2031-12-06T02:00:00.000Z',
  cancelCutoffHours: 24,
  settlement: null,
  trip: null,
};

const answer = (status: number, body: unknown) =>
  ({ ok: status < 400, status, statusText: '', headers: new Headers(), json: async () => body, text: async () => JSON.stringify(body) }) as unknown as Response;

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
});
