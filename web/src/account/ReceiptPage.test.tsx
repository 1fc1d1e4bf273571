/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { customerBooking as booking } from '../test-support/customer-booking';
import { renderWithApp } from '../test-support/render';
import ReceiptPage from './ReceiptPage';

describe('the receipt page', () => {
  it('offers Print beside a receipt', async () => {
    renderWithApp(<ReceiptPage />, { path: '/account/receipt?id=13', queryData: { '/api/account/bookings/13': booking } });
    await screen.findByText(booking.reference);
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('offers no Print when there is no receipt to print', async () => {
    renderWithApp(<ReceiptPage />, { path: '/account/receipt?id=not-a-booking' });
    expect((await screen.findByRole('alert')).textContent).toBe('This booking could not be found on your account.');
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });
});
