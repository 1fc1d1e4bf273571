/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerBooking, jsonAnswer } from '../test-support/customer-booking';
import { renderWithApp } from '../test-support/render';
import ManageBookingPage from './ManageBookingPage';

describe('Manage a Booking with the keyboard', () => {
  it('takes focus to what replaces each button pressed: the booking found, the question, the button again, the cancelled note, the form again', async () => {
    const booking = { ...customerBooking, trip: null };
    globalThis.fetch = jest.fn(async (url: string | URL | Request) =>
      jsonAnswer(200, String(url) === '/api/bookings/cancel' ? { ...booking, status: 'cancelled', canCancel: false } : booking),
    ) as typeof fetch;
    renderWithApp(<ManageBookingPage />, { path: '/booking/manage' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Booking reference/), booking.reference);
    await user.type(screen.getByLabelText(/^Email or phone/), booking.email);
    await user.keyboard('{Enter}');

    const heading = await screen.findByRole('heading', { name: 'Your Booking' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe(`Cancel booking ${booking.reference}?`));
    await user.click(screen.getByRole('button', { name: 'Keep Booking' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel Booking' })));

    await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Cancel Booking' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('This booking is cancelled.'));

    await user.click(screen.getByRole('button', { name: 'Look Up Another Booking' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Booking reference/)));
  });
});
