import type { CustomerBookingView } from '@limo/contracts/booking/self-service';
import { changeFormOf, changeRequest } from './change-request';

const booking = {
  pickupDate: '2026-12-03',
  pickupTime: '10:30',
  pickupLocation: 'LAX',
  dropoffLocation: 'Downtown Los Angeles',
  passengers: 2,
  luggage: 1,
  vehicleId: 1,
} as CustomerBookingView;

describe("the account's change form", () => {
  it('sends only what the customer changed, numbers as numbers', () => {
    const form = { ...changeFormOf(booking), pickupTime: '14:00', passengers: '3', vehicleId: '2', pickupLocation: ' LAX ' };
    expect(changeRequest(booking, form)).toEqual({ pickupTime: '14:00', passengers: 3, vehicleId: 2 });
  });

  it('sends nothing for the booking as it stands, and a malformed number as typed (the server says what is wrong)', () => {
    expect(changeRequest(booking, changeFormOf(booking))).toEqual({});
    expect(changeRequest(booking, { ...changeFormOf(booking), luggage: 'two' })).toEqual({ luggage: 'two' });
  });
});
