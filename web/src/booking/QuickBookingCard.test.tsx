/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { addDays, businessToday } from '@limo/contracts';
import { renderWithApp } from '../test-support/render';
import { PREFILL_KEY } from './prefill';
import QuickBookingCard from './QuickBookingCard';

function WizardStandIn() {
  const { pathname, search } = useLocation();
  return <p>wizard at {pathname + search}</p>;
}

function renderCard() {
  renderWithApp(
    <Routes>
      <Route path="/" element={<QuickBookingCard />} />
      <Route path="/booking" element={<WizardStandIn />} />
    </Routes>,
  );
  return userEvent.setup();
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Continue Booking' }));

describe('home quick booking card', () => {
  beforeEach(() => {
    sessionStorage.clear();
    globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => [] }) as unknown as Response) as typeof fetch;
  });

  it('shows the messages under the empty fields, focuses the first and goes nowhere', async () => {
    const user = renderCard();
    await submit(user);
    const date = await screen.findByText('Pickup date is required');
    expect(date.id).toBe('quick-pickup-date-error');
    expect(screen.getByText('Pickup time is required').id).toBe('quick-pickup-time-error');
    expect(screen.getByText('Pickup location is required').id).toBe('quick-pickup-location-error');
    expect(screen.getByText('Drop-off location is required').id).toBe('quick-dropoff-location-error');
    expect(document.activeElement?.id).toBe('quick-pickup-date');
    expect(screen.queryByText(/wizard at/)).toBeNull();
    expect(sessionStorage.getItem(PREFILL_KEY)).toBeNull();
  });

  it('offers 1 to 12 hours and hands a valid hourly ride to the wizard through session storage', async () => {
    const user = renderCard();
    await user.click(screen.getByLabelText('Hourly'));
    const hours = screen.getByLabelText(/^Duration/) as HTMLSelectElement;
    expect([...hours.options].map((o) => o.textContent)).toEqual(['1 hour', ...Array.from({ length: 11 }, (_, i) => `${i + 2} hours`)]);
    const date = addDays(businessToday(), 3);
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: date } });
    await user.selectOptions(screen.getByLabelText(/^Time/), '09:00');
    await user.type(screen.getByRole('combobox', { name: /Pickup Location/ }), 'Union Station');
    await user.selectOptions(hours, '2');
    await submit(user);
    await screen.findByText('wizard at /booking?prefill=true');
    expect(JSON.parse(sessionStorage.getItem(PREFILL_KEY)!)).toEqual({
      tripType: 'hourly',
      pickupDate: date,
      pickupTime: '09:00',
      pickupLocation: 'Union Station',
      passengers: 1,
      duration: 2,
    });
  });

  it('keeps checking after the first submit: a fixed field clears its message', async () => {
    const user = renderCard();
    await submit(user);
    await screen.findByText('Pickup date is required');
    await user.type(screen.getByRole('combobox', { name: /Drop-off Location/ }), 'Pasadena');
    expect(screen.queryByText('Drop-off location is required')).toBeNull();
    expect(screen.getByText('Pickup date is required')).toBeTruthy();
  });
});
