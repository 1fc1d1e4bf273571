/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import type { Booking } from '@limo/contracts';
import { renderWithApp } from '../../test-support/render';
import { ReserveNowStep } from './ReserveNowStep';

const leg = (reference: string, pickupDate: string, total: string) =>
  ({
    reference,
    firstName: 'Ada',
    lastName: 'Lovelace',
    tripType: 'one-way',
    duration: 1,
    pickupDate,
    pickupTime: '16:00',
    totalAmount: total,
    companyName: null,
    price: { fare: total, vehicle: '0.00', offer: null, base: total, meetGreet: '0.00', childSeats: '0.00', addOns: '0.00', serviceFee: '0.00', gratuity: '0.00', total, lines: [{ code: 'fare', label: 'Transfer fare', amount: total }] },
  }) as unknown as Booking;

describe('the Reserve Now step', () => {
  it("lists a round trip's three references together, then the caller, the total and both dates", () => {
    const made = { booking: leg('LX-B8EGE', '2031-12-03', '70.00'), trip: { reference: 'RT-NV56A', returnBooking: leg('LX-YRCG2', '2031-12-06', '58.00') } };
    renderWithApp(<ReserveNowStep made={made} />);
    const terms = [...document.querySelectorAll('.reserve-facts dt')].map((term) => term.textContent);
    expect(terms).toEqual(['Round trip reference', 'Outbound reference', 'Return reference', 'Caller', 'Total', 'Trip date', 'Return date']);
    expect(screen.getByTestId('reserve-total').textContent).toBe('$128.00');
  });
});
