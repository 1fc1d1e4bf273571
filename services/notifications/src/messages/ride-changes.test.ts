import type { BookingSnapshot } from '@limo/contracts';
import { aBooking } from '../../test/booking-snapshot.fixture.js';
import { rideChanges } from './ride-changes.js';

const vehicles = new Map([
  [1, 'Executive Sedan'],
  [2, 'Luxury SUV'],
]);

const booking: BookingSnapshot = { ...aBooking, version: 2, status: 'confirmed', passengers: 2, vehicleId: 1, driverId: 4 };

describe('what the customer is told changed', () => {
  it('names the vehicle, the new time and the new total, each with what it was', () => {
    const after = { ...booking, version: 3, vehicleId: 2, pickupTime: '22:30', pickupAt: '2026-03-11T05:30:00.000Z', totalAmount: '380.52' };
    expect(rideChanges(booking, after, vehicles)).toEqual([
      { label: 'Pickup', before: 'Tue, Mar 10, 9:00 PM PDT', after: 'Tue, Mar 10, 10:30 PM PDT' },
      { label: 'Vehicle', before: 'Executive Sedan', after: 'Luxury SUV' },
      { label: 'Total', before: '$300.00', after: '$380.52' },
    ]);
  });

  it('tells a one-way ride made hourly: the trip type, the drop-off gone and the hours', () => {
    const after = { ...booking, tripType: 'hourly' as const, dropoffLocation: null, duration: 4 };
    expect(rideChanges(booking, after, vehicles).map((c) => [c.label, c.after])).toEqual([
      ['Trip type', 'Hourly'],
      ['To', 'None (hourly)'],
      ['Duration', '4 hours'],
    ]);
  });

  it('tells a change of the total alone (a round trip\'s return re-priced once its outbound is cancelled)', () => {
    const after = { ...booking, version: 3, totalAmount: '70.00' };
    expect(rideChanges({ ...booking, totalAmount: '58.00' }, after, vehicles)).toEqual([{ label: 'Total', before: '$58.00', after: '$70.00' }]);
  });

  it('has nothing to tell for a change the customer did not book: notes, status, the driver', () => {
    expect(rideChanges(booking, { ...booking, version: 3, status: 'pending', driverId: null, updatedAt: '2026-03-02T10:00:00.000Z' }, vehicles)).toEqual([]);
  });
});
