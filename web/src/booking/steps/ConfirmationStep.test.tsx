/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../test-support/render';
import { emptyContact } from '../booking-draft';
import { emptyRide, type RideForm } from '../ride-form';
import { ConfirmationStep } from './ConfirmationStep';

const ride = (over: Partial<RideForm>): RideForm => ({
  ...emptyRide('one-way'),
  pickupDate: '2030-03-08',
  pickupTime: '10:30',
  pickupLocation: 'Santa Monica Pier',
  dropoffLocation: 'Los Angeles International Airport (LAX)',
  ...over,
});
const quote = { updating: false, waiting: true, retry: () => undefined };
const tripType = (r: RideForm) => {
  const { unmount } = renderWithApp(<ConfirmationStep ride={r} contact={emptyContact()} quote={quote} />);
  const text = screen.getByText('Trip type').nextElementSibling?.textContent;
  unmount();
  return text;
};

describe("the wizard's review step", () => {
  it('names a round trip as such, a single ride one way, and an hourly ride hourly', () => {
    expect(tripType(ride({ returnTrip: true, returnDate: '2030-03-12', returnTime: '18:00' }))).toBe('Round trip');
    expect(tripType(ride({}))).toBe('One Way');
    expect(tripType(ride({ tripType: 'hourly', returnTrip: true }))).toBe('Hourly');
  });
});
