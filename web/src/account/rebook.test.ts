/** @jest-environment jsdom */
import type { CustomerBookingView } from '@limo/contracts/booking/self-service';
import { readDraft } from '../booking/wizard-draft';
import { rebookDraft, startRebooking } from './rebook';

const past = {
  tripType: 'one-way',
  pickupDate: '2026-10-01',
  pickupTime: '09:00',
  pickupLocation: 'LAX - Los Angeles International Airport',
  dropoffLocation: 'Downtown Los Angeles',
  waypoints: [],
  duration: null,
  passengers: 3,
  luggage: 2,
  vehicleId: 2,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '3105550100',
  smsUpdates: true,
  meetGreet: true,
  childSeats: false,
  specialRequests: null,
} as unknown as CustomerBookingView;

describe('Book again', () => {
  it('keeps the ride, the party, the vehicle and the extras, and leaves the date and time to pick', () => {
    const { ride, contact, reached } = rebookDraft(past);
    expect(ride).toMatchObject({ tripType: 'one-way', pickupLocation: past.pickupLocation, dropoffLocation: 'Downtown Los Angeles', passengers: 3, luggage: 2, vehicleId: 2, pickupDate: '', pickupTime: '' });
    expect(contact).toMatchObject({ firstName: 'Ann', lastName: 'Lee', meetGreet: true, childSeats: false, smsUpdates: true });
    expect(reached).toBe(1);
  });

  it("is the draft /booking's wizard opens", () => {
    expect(startRebooking(past)).toBe('/booking');
    expect(readDraft('/booking', 'one-way')?.ride).toMatchObject({ pickupLocation: past.pickupLocation, vehicleId: 2, pickupDate: '' });
  });
});
