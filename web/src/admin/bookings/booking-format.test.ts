import { formatBusinessInstant } from '@limo/contracts/common/business-time';
import { bookingPatch, bookingRoute, customerName, draftOf, flightFollowText } from './booking-format';

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
  const booking = {
    status: 'pending' as const,
    adminNotes: null,
    version: 4,
    tripType: 'one-way' as const,
    pickupDate: '2027-01-12',
    pickupTime: '14:30',
    pickupLocation: 'LAX',
    dropoffLocation: 'Pasadena',
    duration: null,
    passengers: null,
    vehicleId: 1,
  };

  it('starts the draft from the booking, with empty notes for none', () => {
    expect(draftOf(booking)).toMatchObject({ status: 'pending', adminNotes: '', version: 4, passengers: 1, duration: 3, vehicleId: 1 });
  });

  it('sends the pickup pin only when the admin changed it', () => {
    expect(bookingPatch(draftOf(booking))).not.toHaveProperty('pickupPinned');
    expect(bookingPatch({ ...draftOf(booking), pickupPinned: true })).toMatchObject({ pickupPinned: true });
    expect(bookingPatch({ ...draftOf({ ...booking, pickupPinned: true }), pickupPinned: false })).toMatchObject({ pickupPinned: false });
  });

  it('sends the flight only when the admin changed it, blank to clear it', () => {
    expect(bookingPatch(draftOf({ ...booking, flightNumber: 'UA 1542' }))).not.toHaveProperty('flightNumber');
    expect(bookingPatch({ ...draftOf(booking), flightNumber: ' aa100 ' })).toMatchObject({ flightNumber: 'aa100' });
    expect(bookingPatch({ ...draftOf({ ...booking, flightNumber: 'UA 1542' }), flightNumber: '' })).toMatchObject({ flightNumber: '' });
  });

  it('sends status, notes (clearing blank ones) and the version as read, and no ride field left alone', () => {
    expect(bookingPatch({ ...draftOf(booking), status: 'completed', adminNotes: 'VIP client  \n' })).toEqual({ status: 'completed', adminNotes: 'VIP client', version: 4 });
    expect(bookingPatch({ ...draftOf(booking), status: 'cancelled', adminNotes: '   ' })).toEqual({ status: 'cancelled', adminNotes: null, version: 4 });
  });

  it('sends only the ride fields the admin changed', () => {
    expect(bookingPatch({ ...draftOf(booking), pickupTime: '21:00', vehicleId: 2 })).toEqual({ status: 'pending', adminNotes: null, version: 4, pickupTime: '21:00', vehicleId: 2 });
  });

  it('sends the hours with a ride made hourly, and the drop-off with one made one-way', () => {
    expect(bookingPatch({ ...draftOf(booking), tripType: 'hourly' })).toMatchObject({ tripType: 'hourly', duration: 3 });
    expect(bookingPatch({ ...draftOf(booking), tripType: 'hourly' })).not.toHaveProperty('dropoffLocation');
    const hourly = draftOf({ ...booking, tripType: 'hourly', dropoffLocation: null, duration: 4 });
    expect(bookingPatch({ ...hourly, tripType: 'one-way', dropoffLocation: 'Malibu' })).toMatchObject({ tripType: 'one-way', dropoffLocation: 'Malibu' });
  });
});

describe("an arriving flight's followed status", () => {
  it('says what the flight poll last saw, and a pinned pickup', () => {
    const arrival = '2027-01-12T01:45:00.000Z';
    expect(flightFollowText({ flightStatus: 'delayed', flightArrival: arrival, pickupPinned: false })).toBe(` (delayed, lands ${formatBusinessInstant(new Date(arrival))})`);
    expect(flightFollowText({ flightStatus: 'cancelled', flightArrival: arrival, pickupPinned: true })).toBe(' (cancelled; pickup pinned)');
    expect(flightFollowText({ flightStatus: 'unknown', flightArrival: null, pickupPinned: false })).toBe(' (not known to the flight provider)');
    expect(flightFollowText({ flightStatus: 'no-fresh-status', flightArrival: arrival })).toBe(` (no fresh status from the flight provider, last known to land ${formatBusinessInstant(new Date(arrival))})`);
    expect(flightFollowText({})).toBe('');
  });
});
