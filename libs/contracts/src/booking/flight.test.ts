import { FLIGHT_MESSAGES, flightText, normalizeFlightNumber, rideTouchesAirport } from './flight-rules.js';
import { RideDetails } from './http.js';
import { TripRequest } from './quotes.js';
import { addDays, businessToday } from '../common/business-time.js';

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const HOTEL = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';
const ride = (extra: Record<string, unknown>) => ({ tripType: 'one-way', pickupDate: addDays(businessToday(), 3), pickupTime: '10:00', pickupLocation: LAX, dropoffLocation: HOTEL, ...extra });

describe('flight numbers', () => {
  it.each([
    ['UA 1542', 'UA 1542'],
    ['ua1542', 'UA 1542'],
    ['AA100', 'AA 100'],
    [' b6  0023 ', 'B6 23'],
    ['9W 12', '9W 12'],
    ['DL 1234A', 'DL 1234A'],
  ])('%j reads as %j', (text, flight) => {
    expect(normalizeFlightNumber(text)).toBe(flight);
  });

  it.each(['12 345', 'UAL 1542', 'UA', 'UA 12345', 'UA-1542', '1542', 'U 1542'])('%j is not a flight number', (text) => {
    expect(normalizeFlightNumber(text)).toBeNull();
  });

  it('a ride keeps its flight normalized, or refuses a wrong shape with the message the form shows', () => {
    expect(RideDetails.parse(ride({ flightNumber: 'ua1542' })).flightNumber).toBe('UA 1542');
    expect(RideDetails.parse(ride({ flightNumber: '' })).flightNumber).toBe('');
    const wrong = RideDetails.safeParse(ride({ flightNumber: 'UAL-1542' }));
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['flightNumber', FLIGHT_MESSAGES.shape]]);
  });

  it('only a ride to or from an airport carries a flight', () => {
    const nowhere = RideDetails.safeParse(ride({ pickupLocation: HOTEL, dropoffLocation: 'Santa Monica Pier', flightNumber: 'UA 1542' }));
    expect(nowhere.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['flightNumber', FLIGHT_MESSAGES.notAirport]]);
    expect(RideDetails.safeParse(ride({ pickupLocation: HOTEL, dropoffLocation: LAX, flightNumber: 'UA 1542' })).success).toBe(true);
    // An hourly ride that starts at the airport meets a flight; an hourly ride has no drop-off to fly from.
    expect(rideTouchesAirport({ tripType: 'hourly', pickupLocation: LAX })).toBe(true);
    expect(rideTouchesAirport({ tripType: 'hourly', pickupLocation: HOTEL, dropoffLocation: LAX })).toBe(false);
  });

  it('says which way the flight goes', () => {
    expect(flightText({ pickupLocation: LAX, flightNumber: 'UA 1542' })).toBe('UA 1542, arriving');
    expect(flightText({ pickupLocation: HOTEL, flightNumber: 'AA 100' })).toBe('AA 100, departing');
    expect(flightText({ pickupLocation: LAX, flightNumber: null })).toBeNull();
  });

  it("a round trip's return flight goes with a return that starts or ends at an airport", () => {
    const contact = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '(310) 555-0100' };
    const back = { pickupDate: addDays(businessToday(), 4), pickupTime: '18:00' };
    const toAirport = TripRequest.safeParse({ ...ride({ flightNumber: 'UA 1542' }), ...contact, returnTrip: { ...back, flightNumber: 'ua 99' } });
    expect(toAirport.success && toAirport.data.returnTrip?.flightNumber).toBe('UA 99');
    const hotels = TripRequest.safeParse({ ...ride({ pickupLocation: HOTEL, dropoffLocation: 'Santa Monica Pier' }), ...contact, returnTrip: { ...back, flightNumber: 'UA 99' } });
    expect(hotels.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['returnTrip.flightNumber', FLIGHT_MESSAGES.notAirport]]);
  });
});
