import { jest } from '@jest/globals';
import { addDays, BookingRequest, businessToday, ContactDetails, QuoteQuery, QuoteRequest, RideDetails, RoundTripRideDetails, TripRequest, type PriceQuote } from '@limo/contracts';
import { emptyContact, toBookingPayload } from './booking-draft';
import { quoteRequestOf, returnPending } from './quote-request';
import { emptyRide } from './ride-form';
import { quickRideInput, rideInput, wizardRideInput } from './ride-input';
import { fitWizardHours, rideFromPrefill } from './wizard-ride';
import { formatMoney, formatTripDate } from './format';
import { formatPosition, geolocationErrorMessage, GEOLOCATION_MESSAGES, GEOLOCATION_OPTIONS } from './geolocation';
import { PREFILL_KEY, readPrefill, savePrefill, takePrefill } from './prefill';
import { earliestPickup, formatTime12h, hourChoices, pickupTimeMessages, slotsOn, TIME_SLOTS } from './time-slots';

/** A Storage in memory, so the prefill helpers run outside a browser. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

describe('time slots offered on a date (the 2-hour lead time)', () => {
  const now = new Date('2026-11-23T22:10:00Z'); // Mon 23 Nov, 2:10 PM in Los Angeles
  it('offers today only the slots at least 2 hours on, and every slot on a later day', () => {
    expect(slotsOn('2026-11-23', now)[0]).toEqual({ value: '16:30', label: '4:30 PM' });
    expect(slotsOn('2026-11-23', now)).toHaveLength(15);
    expect(slotsOn('2026-11-24', now)).toHaveLength(48);
    expect(slotsOn('', now)).toHaveLength(48);
  });

  it('offers nothing today once the last slot is inside the lead time', () => {
    expect(slotsOn('2026-11-23', new Date('2026-11-24T06:00:00Z'))).toEqual([]); // 10:00 PM
  });

  describe('after 10 PM, when now + 2 hours is past midnight', () => {
    const late = new Date('2026-11-28T06:51:00Z'); // Fri 27 Nov, 10:51 PM PST: the earliest pickup is 12:51 AM on the 28th

    it("offers tomorrow only the slots at or after now + 2 hours: from 1:00 AM, not 12:00 AM", () => {
      expect(slotsOn('2026-11-28', late)[0]).toEqual({ value: '01:00', label: '1:00 AM' });
      expect(slotsOn('2026-11-28', late)).toHaveLength(46);
      expect(slotsOn('2026-11-29', late)).toHaveLength(48);
      expect(slotsOn('2026-11-27', late)).toEqual([]);
    });

    it('moves the date picker to tomorrow and says the earliest pickup on a today that has no time left', () => {
      expect(earliestPickup(late)).toEqual({ date: '2026-11-28', slot: { value: '01:00', label: '1:00 AM' } });
      const message = 'No pickup times are left on this date: the earliest pickup is tomorrow at 1:00 AM';
      expect(pickupTimeMessages('2026-11-27', undefined, late)).toEqual({ hint: message, error: undefined });
      expect(pickupTimeMessages('2026-11-27', 'Pickup time is required', late)).toEqual({ hint: message, error: message });
      expect(pickupTimeMessages('2026-11-28', 'Pickup time is required', late)).toEqual({ hint: undefined, error: 'Pickup time is required' });
    });

    it('starts the next day at midnight once the lead time passes the last slot, 11:30 PM', () => {
      const now = new Date('2026-11-24T05:45:00Z'); // Mon 23 Nov, 9:45 PM: + 2 hours is 11:45 PM, after the last slot
      expect(earliestPickup(now)).toEqual({ date: '2026-11-24', slot: { value: '00:00', label: '12:00 AM' } });
      expect(pickupTimeMessages('2026-11-23', undefined, now).hint).toBe('No pickup times are left on this date: the earliest pickup is tomorrow at 12:00 AM');
    });

    it('keeps to the lead time on the nights the clocks change', () => {
      // Sat 31 Oct 2026, 10:51 PM PDT: + 2 hours is 12:51 AM PDT on 1 Nov, the night the clocks go back.
      expect(slotsOn('2026-11-01', new Date('2026-11-01T05:51:00Z'))[0].value).toBe('01:00');
      // Sat 13 Mar 2027, 10:51 PM PST: + 2 hours is 12:51 AM PST on 14 Mar, the night the clocks go forward.
      expect(slotsOn('2027-03-14', new Date('2027-03-14T06:51:00Z'))[0].value).toBe('01:00');
      // 12:30 AM PST on 14 Mar: + 2 hours is 3:30 AM PDT (2:30 AM does not exist; the server reads it as 3:30 AM).
      expect(slotsOn('2027-03-14', new Date('2027-03-14T08:30:00Z')).map((slot) => slot.value).slice(0, 3)).toEqual(['02:30', '03:30', '04:00']);
    });
  });
});

describe('time slots', () => {
  it('offers 48 half-hour slots from 12:00 AM to 11:30 PM in 12-hour display', () => {
    expect(TIME_SLOTS).toHaveLength(48);
    expect(TIME_SLOTS[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(TIME_SLOTS[1]).toEqual({ value: '00:30', label: '12:30 AM' });
    expect(TIME_SLOTS[24]).toEqual({ value: '12:00', label: '12:00 PM' });
    expect(TIME_SLOTS[29]).toEqual({ value: '14:30', label: '2:30 PM' });
    expect(TIME_SLOTS[47]).toEqual({ value: '23:30', label: '11:30 PM' });
    for (const slot of TIME_SLOTS) expect(RideDetails.shape.pickupTime.safeParse(slot.value).success).toBe(true);
  });

  it('lists hour choices of each form', () => {
    expect(hourChoices(1, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(hourChoices(3, 24)).toHaveLength(22);
    expect(formatTime12h('09:00')).toBe('9:00 AM');
  });
});

describe('prefill from the quick form', () => {
  const details = { tripType: 'hourly' as const, pickupDate: '2030-01-02', pickupTime: '10:00', pickupLocation: 'LAX', duration: 2 };

  it('is read once: the saved entry is removed', () => {
    const storage = new MemoryStorage();
    savePrefill(details, storage);
    expect(takePrefill(storage)).toEqual(details);
    expect(storage.getItem(PREFILL_KEY)).toBeNull();
    expect(takePrefill(storage)).toBeNull();
  });

  it('is silent (null, entry removed) when the saved entry cannot be parsed', () => {
    const storage = new MemoryStorage();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    for (const bad of ['{not json', '42', '[1,2]', 'null']) {
      storage.setItem(PREFILL_KEY, bad);
      expect(takePrefill(storage)).toBeNull();
      expect(storage.getItem(PREFILL_KEY)).toBeNull();
    }
    warn.mockRestore();
  });

  it('keeps only known fields of the right type', () => {
    const storage = new MemoryStorage();
    storage.setItem(PREFILL_KEY, JSON.stringify({ tripType: 'helicopter', pickupLocation: 'LAX', duration: -3, evil: '<script>' }));
    expect(readPrefill(storage)).toEqual({ pickupLocation: 'LAX' });
  });

  it('fills the wizard ride, keeping wizard defaults for what the quick form does not ask', () => {
    const ride = rideFromPrefill(details, emptyRide());
    expect(ride).toMatchObject({ tripType: 'hourly', pickupDate: '2030-01-02', pickupTime: '10:00', pickupLocation: 'LAX', duration: 2, waypoints: [] });
  });

  it("raises the quick card's 1 or 2 hours to the wizard's 3-hour minimum, keeping what was asked for", () => {
    const ride = rideFromPrefill(details, emptyRide());
    expect(fitWizardHours(ride)).toEqual({ ride: { ...ride, duration: 3 }, requestedHours: 2 });
    expect(fitWizardHours({ ...ride, duration: 4 })).toEqual({ ride: { ...ride, duration: 4 }, requestedHours: null });
    expect(fitWizardHours({ ...ride, tripType: 'one-way', duration: 1 }).requestedHours).toBeNull();
  });
});

describe('geolocation', () => {
  it("uses the spec's options and messages", () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 300000 });
    expect(geolocationErrorMessage(1)).toBe('Location access denied by user.');
    expect(geolocationErrorMessage(2)).toBe('Location information is unavailable.');
    expect(geolocationErrorMessage(3)).toBe('Location request timed out.');
    expect(geolocationErrorMessage(99)).toBe('Unable to retrieve your location.');
    expect(GEOLOCATION_MESSAGES.unsupported).toBe('Geolocation is not supported by this browser.');
  });

  it("fills the field as 'lat, lng'", () => {
    expect(formatPosition(33.9416, -118.4085)).toBe('33.941600, -118.408500');
  });
});

describe('formatting', () => {
  it('writes a trip date in full, whatever the time zone', () => {
    expect(formatTripDate('2026-03-08')).toBe('Sunday, March 8, 2026');
    expect(formatTripDate('2026-11-01')).toBe('Sunday, November 1, 2026');
  });

  it('writes money with a dollar sign and thousands separators, from the exact string', () => {
    expect(formatMoney('295.84')).toBe('$295.84');
    expect(formatMoney('3525.90')).toBe('$3,525.90');
    expect(formatMoney('1234567.05')).toBe('$1,234,567.05');
  });
});

describe('the wizard payload', () => {
  const date = addDays(businessToday(), 2);
  const contact = ContactDetails.parse({ ...emptyContact(), firstName: 'Ada', lastName: 'L', email: 'a@b.co', phone: '3105550100', meetGreet: true });
  /** A quote as the server answers it (its figures are sent as shown). */
  const quoted = (base: string, total: string): PriceQuote => ({
    fare: total, vehicle: '0.00', offer: null, base, meetGreet: '0.00', childSeats: '0.00', addOns: '0.00', serviceFee: '1.00', gratuity: '2.00', total,
  });

  it("is the spec's shape for a one-way ride: duration 1, vehicle 1, phone-card, price strings", () => {
    const ride = RideDetails.parse(rideInput({ ...emptyRide(), pickupDate: date, pickupTime: '10:00', pickupLocation: 'LAX', dropoffLocation: 'Pasadena' }));
    const payload = toBookingPayload(ride, contact, quoted('80.00', '100.00'));
    expect(payload).toMatchObject({ tripType: 'one-way', dropoffLocation: 'Pasadena', duration: 1, vehicleId: 1, passengers: 1, paymentMethod: 'phone-card', totalAmount: '100.00' });
    expect(BookingRequest.safeParse(payload).success).toBe(true);
  });

  it("sends an empty drop-off for an hourly ride and the hours as duration", () => {
    const ride = RideDetails.parse(rideInput({ ...emptyRide('hourly', 4), pickupDate: date, pickupTime: '10:00', pickupLocation: 'LAX', dropoffLocation: 'ignored' }));
    const payload = toBookingPayload(ride, contact, quoted('351.00', '425.00'));
    expect(payload).toMatchObject({ tripType: 'hourly', dropoffLocation: '', duration: 4, baseRate: '351.00' });
    expect(BookingRequest.safeParse(payload).success).toBe(true);
  });

  it('leaves blank stops out and gives the quick form only its own fields', () => {
    expect(rideInput({ ...emptyRide(), waypoints: ['', ' ', 'Union Station'] }).waypoints).toEqual(['Union Station']);
    expect(Object.keys(quickRideInput(emptyRide('hourly')))).toEqual(['tripType', 'pickupDate', 'pickupTime', 'pickupLocation', 'passengers', 'duration']);
  });
});

describe("the server's quote: what is asked, and the booking sent with it", () => {
  const ride = { ...emptyRide(), pickupDate: '2027-01-12', pickupTime: '21:00', pickupLocation: 'LAX', dropoffLocation: 'Santa Monica', passengers: 6, vehicleId: 2 };
  const serverQuote: PriceQuote = {
    fare: '60.00', vehicle: '0.00', offer: { code: 'group', name: 'Group Saver', saving: '7.00' }, base: '52.17', meetGreet: '0.00', childSeats: '0.00',
    addOns: '0.00', serviceFee: '2.61', gratuity: '8.22', total: '63.00',
    lines: [{ code: 'fare', label: 'Transfer fare: LAX to Santa Monica', amount: '60.00' }, { code: 'airport-surcharge', label: 'Airport surcharge', amount: '10.00' }, { code: 'offer', label: 'Group Saver', amount: '-7.00' }],
  };

  it('asks nothing until the date, time, pickup and (one way) drop-off are typed', () => {
    expect(quoteRequestOf({ ...ride, pickupTime: '' }, emptyContact())).toBeNull();
    expect(quoteRequestOf({ ...ride, dropoffLocation: ' ' }, emptyContact())).toBeNull();
    expect(quoteRequestOf({ ...ride, tripType: 'hourly', dropoffLocation: '' }, emptyContact())).toMatchObject({ tripType: 'hourly', duration: 3 });
  });

  it('asks for the chosen vehicle with the extras, and for the return once its date and time are chosen', () => {
    const asked = quoteRequestOf(ride, { meetGreet: true, childSeats: false, email: '' });
    expect(asked).toEqual({ tripType: 'one-way', pickupDate: '2027-01-12', pickupTime: '21:00', pickupLocation: 'LAX', dropoffLocation: 'Santa Monica', passengers: 6, vehicleId: 2, meetGreet: true, childSeats: false });
    expect(QuoteRequest.safeParse(asked).success).toBe(true);
    // The email once typed: a signed-in customer's benefits go on their account's email only.
    const forEmail = quoteRequestOf(ride, { meetGreet: false, childSeats: false, email: ' Ada@Example.com ' });
    expect(forEmail).toMatchObject({ email: 'Ada@Example.com' });
    expect(QuoteQuery.parse(forEmail).email).toBe('ada@example.com');
    const roundTrip = { ...ride, returnTrip: true };
    expect(quoteRequestOf(roundTrip, emptyContact())).not.toHaveProperty('returnTrip');
    expect(returnPending(roundTrip)).toBe(true);
    const dated = { ...roundTrip, returnDate: '2027-01-14', returnTime: '10:00' };
    expect(quoteRequestOf(dated, emptyContact())?.returnTrip).toEqual({ pickupDate: '2027-01-14', pickupTime: '10:00' });
    expect(quoteRequestOf({ ...dated, returnPickup: 'Shutters on the Beach' }, emptyContact())?.returnTrip).toEqual({ pickupDate: '2027-01-14', pickupTime: '10:00', pickupLocation: 'Shutters on the Beach' });
    // An hourly ride has no return, whatever the hidden fields hold.
    expect(quoteRequestOf({ ...dated, tripType: 'hourly' }, emptyContact())).not.toHaveProperty('returnTrip');
  });

  it("sends the server's figures and offer with the booking, and a round trip's return", () => {
    const contact = ContactDetails.parse({ ...emptyContact(), firstName: 'Ada', lastName: 'L', email: 'a@b.co', phone: '3105550100' });
    const pickupDate = addDays(businessToday(), 3);
    const payload = toBookingPayload(RoundTripRideDetails.parse(wizardRideInput({ ...ride, pickupDate })), contact, serverQuote);
    expect(payload).toMatchObject({ passengers: 6, vehicleId: 2, offer: 'group', baseRate: '52.17', totalAmount: '63.00' });
    expect(payload).not.toHaveProperty('returnTrip');
    expect(BookingRequest.safeParse(payload).success).toBe(true);
    const returnDate = addDays(businessToday(), 5);
    const trip = toBookingPayload(RoundTripRideDetails.parse(wizardRideInput({ ...ride, pickupDate, returnTrip: true, returnDate, returnTime: '10:00' })), contact, serverQuote);
    expect(trip.returnTrip).toEqual({ pickupDate: returnDate, pickupTime: '10:00' });
    expect(TripRequest.safeParse(trip).success).toBe(true);
  });

  it("sends each leg's flight while that leg touches an airport, never to the quote", () => {
    const contact = ContactDetails.parse({ ...emptyContact(), firstName: 'Ada', lastName: 'L', email: 'a@b.co', phone: '3105550100' });
    const pickupDate = addDays(businessToday(), 3);
    const returnDate = addDays(businessToday(), 5);
    const flying = { ...ride, pickupDate, flightNumber: 'ua1542', returnTrip: true, returnDate, returnTime: '10:00', returnFlightNumber: 'UA 1543' };
    const trip = toBookingPayload(RoundTripRideDetails.parse(wizardRideInput(flying)), contact, serverQuote);
    expect([trip.flightNumber, trip.returnTrip?.flightNumber]).toEqual(['UA 1542', 'UA 1543']);
    expect(TripRequest.safeParse(trip).success).toBe(true);
    // The quote is the same with or without a flight, and its contract has no room for one.
    const asked = quoteRequestOf(flying, emptyContact());
    expect(asked).not.toHaveProperty('flightNumber');
    expect(asked?.returnTrip).toEqual({ pickupDate: returnDate, pickupTime: '10:00' });
    expect(QuoteRequest.safeParse(asked).success).toBe(true);
    // A flight typed before the pickup changed from the airport to a hotel stays behind.
    const hotels = { ...flying, pickupLocation: 'Shutters on the Beach', dropoffLocation: 'Santa Monica Pier' };
    expect(wizardRideInput(hotels)).not.toHaveProperty('flightNumber');
    expect(wizardRideInput(hotels).returnTrip).not.toHaveProperty('flightNumber');
  });

  it('checks the return on step 1: its date and time are required', () => {
    const parsed = RoundTripRideDetails.safeParse(wizardRideInput({ ...ride, pickupDate: addDays(businessToday(), 3), returnTrip: true }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['returnTrip.pickupDate', 'returnTrip.pickupTime']));
  });
});
