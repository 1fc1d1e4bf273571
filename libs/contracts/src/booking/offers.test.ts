import type { OfferFacts } from './offers.js';
import { quotePrice, type PriceInput } from './pricing.js';

// Tue 12 Jan 2027; booked two days before at 10:00 PST (18:00 UTC), 2 passengers, no airport.
const facts = (over: Partial<OfferFacts> = {}): OfferFacts => ({
  tripType: 'one-way',
  pickupDate: '2027-01-12',
  pickupTime: '12:00',
  pickupLocation: 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401',
  dropoffLocation: 'Pasadena',
  passengers: 2,
  bookedAt: new Date('2027-01-10T18:00:00Z'),
  ...over,
});

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const DOWNTOWN = 'Downtown Los Angeles, Los Angeles, Los Angeles County, CA, USA';
const SEDAN = { vehicle: '95.00', vehicleOne: '95.00' };
const SUV = { vehicle: '125.00', vehicleOne: '95.00' };

const offerOf = (input: Partial<OfferFacts>, rates = SEDAN) => {
  const quote = quotePrice({ tripType: input.tripType ?? 'one-way', duration: 3, rates, offerFacts: facts(input) });
  return quote.offer ? `${quote.offer.name} -${quote.offer.saving}` : 'none';
};

describe('Late Flight Love: pickup at or after 20:00 Los Angeles time, 10% off the fare', () => {
  it.each([
    ['19:30', 'none'],
    ['19:59', 'none'],
    ['20:00', 'Late Flight Love -24.50'],
    ['21:00', 'Late Flight Love -24.50'],
    ['23:30', 'Late Flight Love -24.50'],
  ])('pickup %s: %s', (pickupTime, expected) => {
    expect(offerOf({ pickupTime })).toBe(expected);
  });

  it('takes 10% of the vehicle fare, rounded half up (SUV fare 322.37)', () => {
    expect(offerOf({ pickupTime: '21:00' }, SUV)).toBe('Late Flight Love -32.24');
  });
});

describe('Executive Hour: airport ride, pickup Mon-Fri 10:00-14:00, booked 2+ hours ahead, 15% off', () => {
  it.each([
    ['Tue 09:59 from LAX', { pickupLocation: LAX, pickupTime: '09:59' }, 'none'],
    ['Tue 10:00 from LAX', { pickupLocation: LAX, pickupTime: '10:00' }, 'Executive Hour -36.75'],
    ['Tue 13:59 from LAX', { pickupLocation: LAX, pickupTime: '13:59' }, 'Executive Hour -36.75'],
    ['Tue 14:00 from LAX', { pickupLocation: LAX, pickupTime: '14:00' }, 'none'],
    ['Mon 10:00 from LAX', { pickupLocation: LAX, pickupDate: '2027-01-11', pickupTime: '10:00' }, 'Executive Hour -36.75'],
    ['Fri 13:30 from LAX', { pickupLocation: LAX, pickupDate: '2027-01-15', pickupTime: '13:30' }, 'Executive Hour -36.75'],
    ['Sat 11:00 from LAX', { pickupLocation: LAX, pickupDate: '2027-01-16', pickupTime: '11:00' }, 'none'],
    ['Tue 11:00 to Burbank airport', { dropoffLocation: 'burbank airport', pickupTime: '11:00' }, 'Executive Hour -36.75'],
    ['Tue 11:00 to John Wayne (SNA)', { dropoffLocation: 'SNA terminal B', pickupTime: '11:00' }, 'Executive Hour -36.75'],
    ['Tue 11:00, no airport', { pickupTime: '11:00' }, 'none'],
    ['Tue 11:00 from the LAX Hilton (a hotel)', { pickupLocation: 'Hilton Los Angeles Airport, 5711 W Century Blvd, Los Angeles, CA 90045', pickupTime: '11:00' }, 'none'],
    ['Tue 11:00 from a street named Airport Way', { pickupLocation: '2500 Airport Way, Long Beach', pickupTime: '11:00' }, 'none'],
    // A 3-hour ride's fare is 360.00.
    ['3 hours from LAX, Tue 11:00', { tripType: 'hourly' as const, pickupLocation: LAX, pickupTime: '11:00' }, 'Executive Hour -54.00'],
  ])('%s: %s', (_label, input: Partial<OfferFacts>, expected) => {
    expect(offerOf(input)).toBe(expected);
  });

  it.each([
    ['booked 1 h 59 min ahead', '2027-01-12T16:01:00Z', 'none'],
    ['booked exactly 2 hours ahead', '2027-01-12T16:00:00Z', 'Executive Hour -36.75'],
  ])('Tue 10:00 from LAX %s: %s', (_label, bookedAt, expected) => {
    expect(offerOf({ pickupLocation: LAX, pickupTime: '10:00', bookedAt: new Date(bookedAt) })).toBe(expected);
  });
});

describe('Advance booking: pickup 7+ days ahead on the Los Angeles clock, to the minute, 15% off', () => {
  it.each([
    // Spring forward on Sun 8 Mar 2026: 7 calendar days are only 167 hours.
    ['booked Sun 1 Mar 10:00 PST, pickup Sun 8 Mar 10:00 PDT', '2026-03-01T18:00:00Z', '2026-03-08', '10:00', 'Advance Booking -36.75'],
    ['booked Sun 1 Mar 10:00:59 PST, pickup Sun 8 Mar 10:00 PDT', '2026-03-01T18:00:59Z', '2026-03-08', '10:00', 'Advance Booking -36.75'],
    ['booked Sun 1 Mar 10:01 PST, pickup Sun 8 Mar 10:00 PDT', '2026-03-01T18:01:00Z', '2026-03-08', '10:00', 'none'],
    ['booked Sun 1 Mar 10:00 PST, pickup Sun 8 Mar 09:59 PDT', '2026-03-01T18:00:00Z', '2026-03-08', '09:59', 'none'],
    // Fall back on Sun 1 Nov 2026: 7 calendar days are 169 hours.
    ['booked Sun 25 Oct 10:00 PDT, pickup Sun 1 Nov 10:00 PST', '2026-10-25T17:00:00Z', '2026-11-01', '10:00', 'Advance Booking -36.75'],
    ['booked Sun 25 Oct 10:00 PDT, pickup Sun 1 Nov 09:59 PST (168 h later)', '2026-10-25T17:00:00Z', '2026-11-01', '09:59', 'none'],
    ['booked Sun 25 Oct 10:00 PDT, pickup a month later', '2026-10-25T17:00:00Z', '2026-11-25', '09:00', 'Advance Booking -36.75'],
  ])('%s: %s', (_label, bookedAt, pickupDate, pickupTime, expected) => {
    expect(offerOf({ bookedAt: new Date(bookedAt), pickupDate, pickupTime })).toBe(expected);
  });
});

describe('Group: 5 or more passengers, 20% off', () => {
  it.each([
    [4, 'none'],
    [5, 'Group Discount -64.47'],
    [7, 'Group Discount -64.47'],
  ])('%i passengers in the SUV: %s', (passengers, expected) => {
    expect(offerOf({ passengers }, SUV)).toBe(expected);
  });
});

describe('LAX to Downtown: one-way between LAX and Downtown Los Angeles, up to 3 passengers, fare $89', () => {
  it.each([
    ['gazetteer LAX to gazetteer Downtown', LAX, DOWNTOWN, 2, 'LAX to Downtown -156.00'],
    ['gazetteer Downtown to gazetteer LAX', DOWNTOWN, LAX, 3, 'LAX to Downtown -156.00'],
    ['LAX to a downtown venue by its ZIP', LAX, 'Walt Disney Concert Hall, 111 S Grand Ave, Los Angeles, CA 90012', 1, 'LAX to Downtown -156.00'],
    ['LAX to a downtown hotel', LAX, 'The Westin Bonaventure Hotel, 404 S Figueroa St, Los Angeles, CA 90071', 1, 'LAX to Downtown -156.00'],
    ['free text "lax terminal 4" to "DTLA"', 'lax terminal 4', 'DTLA', 2, 'LAX to Downtown -156.00'],
    ['free text "Downtown LA" to "LAX"', 'Downtown LA', 'LAX', 2, 'LAX to Downtown -156.00'],
    ['free text Little Tokyo to Los Angeles International Airport', 'Little Tokyo', 'Los Angeles International Airport', 2, 'LAX to Downtown -156.00'],
    ['4 passengers', LAX, DOWNTOWN, 4, 'none'],
    ['LAX to Santa Monica', LAX, 'Santa Monica', 2, 'none'],
    ['Burbank airport to Downtown', 'Hollywood Burbank Airport (BUR), 2627 N Hollywood Way, Burbank, CA 91505', DOWNTOWN, 2, 'none'],
    ['LAX to downtown Long Beach', LAX, 'Downtown Long Beach', 2, 'none'],
  ])('%s: %s', (_label, pickupLocation, dropoffLocation, passengers, expected) => {
    expect(offerOf({ pickupLocation, dropoffLocation, passengers, pickupTime: '15:00' })).toBe(expected);
  });

  it('replaces any vehicle fare with $89 (SUV 322.37)', () => {
    expect(offerOf({ pickupLocation: LAX, dropoffLocation: DOWNTOWN, pickupTime: '15:00' }, SUV)).toBe('LAX to Downtown -233.37');
  });

  it('does not apply to an hourly ride from LAX', () => {
    expect(offerOf({ tripType: 'hourly', pickupLocation: LAX, dropoffLocation: DOWNTOWN, pickupTime: '15:00' })).toBe('none');
  });
});

describe('offers do not combine: the one saving the most applies', () => {
  it.each([
    ['21:00 for 6 (Late Flight 10% or Group 20%)', { pickupTime: '21:00', passengers: 6 }, SUV, 'Group Discount -64.47'],
    ['LAX to Downtown at 21:00 (Late Flight or $89)', { pickupLocation: LAX, dropoffLocation: DOWNTOWN, pickupTime: '21:00' }, SEDAN, 'LAX to Downtown -156.00'],
    ['Executive Hour and advance booking, both 15%: the first listed', { pickupLocation: LAX, pickupTime: '11:00', bookedAt: new Date('2026-12-01T18:00:00Z') }, SEDAN, 'Executive Hour -36.75'],
  ])('%s: %s', (_label, input, rates, expected) => {
    expect(offerOf(input, rates)).toBe(expected);
  });
});

describe('the quote with an offer', () => {
  const input: PriceInput = { tripType: 'one-way', meetGreet: true, rates: SUV, offerFacts: facts({ pickupTime: '21:00' }) };

  it('lists fare, vehicle, offer and the fare charged, with fee and gratuity on what is charged', () => {
    expect(quotePrice(input)).toEqual({
      fare: '245.00',
      vehicle: '77.37',
      offer: { code: 'late-flight-love', name: 'Late Flight Love', saving: '32.24' },
      base: '290.13', // 322.37 - 32.24
      meetGreet: '25.00',
      childSeats: '0.00',
      addOns: '25.00',
      serviceFee: '15.76', // 5% of 315.13 = 15.7565
      gratuity: '49.63', // 15% of 330.89 = 49.6335
      total: '380.52',
    });
  });

  it('has no offer line without the booking facts (an estimate before the ride is known)', () => {
    expect(quotePrice({ ...input, offerFacts: undefined }).offer).toBeNull();
  });
});
