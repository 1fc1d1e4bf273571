import { composeMessage } from './compose-message.js';
import { aBooking as booking } from '../../test/booking-snapshot.fixture.js';

describe('the booking-received message', () => {
  it('itemises the quote as the site did: fare, vehicle, the offer and its saving, fee, gratuity, total', () => {
    const price = {
      fare: '245.00',
      vehicle: '77.37',
      offer: { code: 'late-flight-love' as const, name: 'Late Flight Love', saving: '32.24' },
      base: '290.13',
      meetGreet: '0.00',
      childSeats: '0.00',
      addOns: '0.00',
      serviceFee: '14.51',
      gratuity: '43.52',
      total: '348.16',
    };
    const { text, html } = composeMessage('booking-received', { booking: { ...booking, price } });
    for (const line of ['Fare', '$245.00', 'Vehicle', '+$77.37', 'Offer: Late Flight Love', '-$32.24', 'Service fee', '$14.51', 'Total', '$348.16']) {
      expect(text).toContain(line);
      expect(html).toContain(line.replace('&', '&amp;'));
    }
    expect(text).not.toContain('Base fare');
  });

  it('reads a quote written before the offer lines existed', () => {
    const price = { base: '245.00', meetGreet: '25.00', childSeats: '0.00', addOns: '25.00', serviceFee: '13.50', gratuity: '40.50', total: '324.00' };
    const { text } = composeMessage('booking-received', { booking: { ...booking, price } });
    expect(text).toContain('Base fare');
    expect(text).toContain('$245.00');
    expect(text).toContain('Meet & Greet');
    expect(text).not.toContain('Offer');
  });
});

describe('a round trip\'s leg', () => {
  const leg = { ...booking, tripReference: 'RT-7K3Q9', tripLeg: 'return' as const, linkedBookingId: 6 };

  it('is named with its trip reference and which leg it is in the received, updated and cancelled emails', () => {
    expect(composeMessage('booking-received', { booking: leg }).text).toContain('RT-7K3Q9, return leg');
    expect(composeMessage('booking-updated', { booking: leg, changes: [{ label: 'Total', before: '$58.00', after: '$70.00' }] }).text).toContain('RT-7K3Q9, return leg');
    expect(composeMessage('booking-cancelled', { booking: leg }).text).toContain(`Your booking ${leg.reference} (the return leg of round trip RT-7K3Q9)`);
  });

  it('says nothing of a round trip for a single ride', () => {
    expect(composeMessage('booking-received', { booking }).text).not.toContain('Round trip');
  });
});

describe("an airport ride's flight", () => {
  it('is in the received and confirmed emails with which way it goes, and absent when none was given', () => {
    const flying = { ...booking, flightNumber: 'UA 1542' };
    for (const kind of ['booking-received', 'booking-confirmed'] as const) {
      const { text, html } = composeMessage(kind, { booking: flying, chauffeur: { firstName: 'Dana', vehicle: 'Executive Sedan' } } as never);
      expect(text).toContain('UA 1542, arriving');
      expect(html).toContain('UA 1542, arriving');
    }
    expect(composeMessage('booking-received', { booking: { ...booking, pickupLocation: 'Shutters on the Beach', dropoffLocation: 'LAX', flightNumber: 'AA 100' } }).text).toContain('AA 100, departing');
    expect(composeMessage('booking-received', { booking }).text).not.toContain('Flight');
  });
});
