import { bookingPatch, bookingRoute, customerName, draftOf } from './booking-format';

describe('booking card formatting', () => {
  it('shows a one-way route with an arrow and an hourly ride with its hours', () => {
    expect(bookingRoute({ tripType: 'one-way', pickupLocation: 'LAX', dropoffLocation: 'Downtown LA', duration: null })).toBe('LAX → Downtown LA');
    expect(bookingRoute({ tripType: 'hourly', pickupLocation: 'Beverly Hills', dropoffLocation: null, duration: 4 })).toBe(
      'Beverly Hills (hourly, 4 hours)',
    );
    expect(bookingRoute({ tripType: 'hourly', pickupLocation: 'Malibu', dropoffLocation: '', duration: 1 })).toBe('Malibu (hourly, 1 hour)');
    expect(bookingRoute({ tripType: 'one-way', pickupLocation: 'LAX', dropoffLocation: null, duration: null })).toBe('LAX');
  });

  it('joins the customer name', () => {
    expect(customerName({ firstName: 'Ana', lastName: 'Lopez' })).toBe('Ana Lopez');
  });
});

describe('booking dialog save', () => {
  it('starts the draft from the booking, with empty notes for none', () => {
    expect(draftOf({ status: 'pending', adminNotes: null })).toEqual({ status: 'pending', adminNotes: '' });
  });

  it('sends status and notes, clearing blank notes', () => {
    expect(bookingPatch({ status: 'completed', adminNotes: 'VIP client  \n' })).toEqual({ status: 'completed', adminNotes: 'VIP client' });
    expect(bookingPatch({ status: 'cancelled', adminNotes: '   ' })).toEqual({ status: 'cancelled', adminNotes: null });
  });
});
