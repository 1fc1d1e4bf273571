import { addDays, businessDateOf, businessToday, isCalendarDate } from '../common/business-time.js';
import { DriverRegistration } from '../drivers/http.js';
import { BOOKING_MESSAGES as M, BookingId, BookingListQuery, BookingPageQuery, BookingRequest, ContactDetails, QuickRideDetails, RideDetails, UpdateBookingRequest } from './index.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const ride = (overrides: Record<string, unknown> = {}) => ({
  tripType: 'one-way',
  pickupDate: addDays(businessToday(), 1),
  pickupTime: '08:30',
  pickupLocation: 'LAX',
  dropoffLocation: 'Pasadena',
  ...overrides,
});

describe('Los Angeles business dates', () => {
  it('gives the Los Angeles date of an instant, not the UTC one', () => {
    expect(businessDateOf(new Date('2026-07-01T06:59:00Z'))).toBe('2026-06-30'); // 23:59 PDT
    expect(businessDateOf(new Date('2026-07-01T07:00:00Z'))).toBe('2026-07-01');
    expect(businessDateOf(new Date('2026-01-15T07:59:00Z'))).toBe('2026-01-14'); // 23:59 PST
    expect(businessDateOf(new Date('2026-01-15T08:00:00Z'))).toBe('2026-01-15');
  });

  it('follows both daylight-saving changes', () => {
    // 8 March 2026: clocks go 02:00 PST -> 03:00 PDT; midnight after it is 07:00 UTC.
    expect(businessDateOf(new Date('2026-03-09T06:59:00Z'))).toBe('2026-03-08');
    expect(businessDateOf(new Date('2026-03-09T07:00:00Z'))).toBe('2026-03-09');
    // 1 November 2026: clocks go 02:00 PDT -> 01:00 PST; midnight after it is 08:00 UTC.
    expect(businessDateOf(new Date('2026-11-02T07:59:00Z'))).toBe('2026-11-01');
    expect(businessDateOf(new Date('2026-11-02T08:00:00Z'))).toBe('2026-11-02');
  });

  it('knows real calendar dates and adds days across months and leap years', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-1-1')).toBe(false);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('ride details (wizard step 1)', () => {
  it('accepts a one-way ride for today in Los Angeles', () => {
    expect(RideDetails.safeParse(ride({ pickupDate: businessToday() })).success).toBe(true);
  });

  it("uses the spec's messages for the required fields", () => {
    expect(messages(RideDetails.safeParse({ tripType: 'one-way' }))).toMatchObject({
      pickupDate: M.pickupDateRequired,
      pickupTime: M.pickupTimeRequired,
      pickupLocation: M.pickupLocationRequired,
      dropoffLocation: M.dropoffLocationRequired,
    });
  });

  it('gives one message per field, the first rule broken', () => {
    const result = RideDetails.safeParse(ride({ pickupDate: '' }));
    expect(result.error!.issues.filter((i) => i.path[0] === 'pickupDate')).toHaveLength(1);
  });

  it('refuses yesterday in Los Angeles', () => {
    expect(messages(RideDetails.safeParse(ride({ pickupDate: addDays(businessToday(), -1) })))).toEqual({ pickupDate: M.pickupDatePast });
  });

  it('only takes half-hour slots', () => {
    expect(RideDetails.safeParse(ride({ pickupTime: '23:30' })).success).toBe(true);
    expect(messages(RideDetails.safeParse(ride({ pickupTime: '24:00' })))).toEqual({ pickupTime: M.pickupTimeInvalid });
    expect(messages(RideDetails.safeParse(ride({ pickupTime: '9:00' })))).toEqual({ pickupTime: M.pickupTimeInvalid });
  });

  it('needs hours for an hourly ride, 1 to 24, but no drop-off', () => {
    expect(messages(RideDetails.safeParse(ride({ tripType: 'hourly', dropoffLocation: undefined })))).toEqual({ duration: M.durationRequired });
    expect(RideDetails.safeParse(ride({ tripType: 'hourly', dropoffLocation: undefined, duration: 24 })).success).toBe(true);
    expect(RideDetails.safeParse(ride({ tripType: 'hourly', duration: 25 })).success).toBe(false);
  });

  it('limits the quick form to 1-12 hours', () => {
    expect(QuickRideDetails.safeParse(ride({ tripType: 'hourly', duration: 12 })).success).toBe(true);
    expect(messages(QuickRideDetails.safeParse(ride({ tripType: 'hourly', duration: 13 })))).toEqual({ duration: 'Duration must be between 1 and 12 hours' });
  });
});

describe('contact details (wizard step 2)', () => {
  const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(310) 555-0100' };

  it('defaults the three options to false', () => {
    expect(ContactDetails.parse(contact)).toEqual({ ...contact, smsUpdates: false, meetGreet: false, childSeats: false });
  });

  it("uses the spec's messages", () => {
    expect(messages(ContactDetails.safeParse({ firstName: ' ', lastName: '', email: 'nope', phone: '555-1234' }))).toEqual({
      firstName: M.firstName,
      lastName: M.lastName,
      email: M.email,
      phone: M.phone,
    });
  });

  it('takes a phone of 10 characters or more with at least 10 digits', () => {
    expect(ContactDetails.safeParse({ ...contact, phone: '3105550100' }).success).toBe(true);
    expect(ContactDetails.safeParse({ ...contact, phone: '+44 20 7946 0958' }).success).toBe(true);
    expect(ContactDetails.safeParse({ ...contact, phone: '(310) 555-01' }).success).toBe(false);
  });

  it('refuses a name of only invisible characters as missing', () => {
    for (const invisible of ['\u200b', '\u200b\u200c\u200d', '\ufeff', '\u2060 \u200b', '\u00ad']) {
      expect(messages(ContactDetails.safeParse({ ...contact, firstName: invisible }))).toEqual({ firstName: M.firstName });
    }
    expect(ContactDetails.safeParse({ ...contact, firstName: 'Zoë', lastName: '東京' }).success).toBe(true);
  });
});

describe('driver details (registration and the admin edit)', () => {
  const driver = { firstName: 'Pat', lastName: 'Probe', email: 'pat@example.com', phone: '(310) 555-0199', licenseNumber: 'D1234567', address: '1 Main St' };

  it("follows the booking's phone rule (spec: the same name, email and phone rules)", () => {
    expect(DriverRegistration.safeParse(driver).success).toBe(true);
    for (const phone of ['abcdefghij', '(310) 555-01', '310-555-0199 ext', '----------']) {
      expect(messages(DriverRegistration.safeParse({ ...driver, phone }))).toEqual({ phone: 'Valid phone number is required' });
    }
  });

  it('refuses a name of only invisible characters as missing', () => {
    expect(messages(DriverRegistration.safeParse({ ...driver, lastName: '\u200b\u200b' }))).toEqual({ lastName: 'Last name is required' });
  });
});

describe('ids and numbers in paths and query strings', () => {
  it('reads only decimal digits as a booking id', () => {
    expect(BookingId.parse('10')).toBe(10);
    for (const notDecimal of ['0xA', '1e1', '10.0', ' 10', '10 ', '+10', '0b1', '0o7', '', '0', '-1', '2147483648', '١٠']) {
      expect(BookingId.safeParse(notDecimal).success).toBe(false);
    }
  });

  it('refuses hex, exponents, repeated parameters and unknown ones in the lists\' query', () => {
    expect(BookingListQuery.parse({ limit: '20', cursor: '7', status: 'pending' })).toEqual({ limit: 20, cursor: 7, status: 'pending' });
    expect(BookingListQuery.parse({})).toEqual({ limit: 1000 });
    for (const bad of [{ limit: '0x10' }, { limit: '1e2' }, { limit: ['1', '2'] }, { cursor: '5.0' }, { foo: 'bar' }, { 'status[]': 'x' }]) {
      expect(BookingListQuery.safeParse(bad).success).toBe(false);
    }
    expect(BookingPageQuery.safeParse({ status: 'pending' }).success).toBe(false);
    expect(BookingPageQuery.parse({ limit: '3' })).toEqual({ limit: 3 });
  });
});

describe('booking payload and admin edit', () => {
  it('refuses unknown fields', () => {
    const result = BookingRequest.safeParse({ ...ride(), firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '3105550100', status: 'completed' });
    expect(result.success).toBe(false);
  });

  it('defaults vehicle 1 and phone-card payment, as the spec front end sends', () => {
    const parsed = BookingRequest.parse({ ...ride(), firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '3105550100' });
    expect(parsed).toMatchObject({ vehicleId: 1, paymentMethod: 'phone-card', waypoints: [] });
  });

  it('needs something to change in an admin edit', () => {
    expect(UpdateBookingRequest.safeParse({}).success).toBe(false);
    expect(UpdateBookingRequest.safeParse({ adminNotes: null }).success).toBe(true);
    expect(UpdateBookingRequest.safeParse({ status: 'in-progress' }).success).toBe(true);
  });
});

describe('input that is not an object at all', () => {
  it.each([undefined, null, 'booking', 42, [1, 2]])('is refused, not thrown on: %p', (input) => {
    for (const schema of [RideDetails, QuickRideDetails, BookingRequest]) {
      expect(() => schema.safeParse(input)).not.toThrow();
      expect(schema.safeParse(input).success).toBe(false);
    }
  });
});

describe('the weeks of a month (weeks start on Sunday, cut at the month)', () => {
  it('lists November 2026 (the 1st is a Sunday) as five weeks', async () => {
    const { monthWeeks } = await import('../common/business-time.js');
    expect(monthWeeks(2026, 11)).toEqual([
      { week: 1, from: '2026-11-01', to: '2026-11-07', label: 'Week 1: Nov 1-Nov 7' },
      { week: 2, from: '2026-11-08', to: '2026-11-14', label: 'Week 2: Nov 8-Nov 14' },
      { week: 3, from: '2026-11-15', to: '2026-11-21', label: 'Week 3: Nov 15-Nov 21' },
      { week: 4, from: '2026-11-22', to: '2026-11-28', label: 'Week 4: Nov 22-Nov 28' },
      { week: 5, from: '2026-11-29', to: '2026-11-30', label: 'Week 5: Nov 29-Nov 30' },
    ]);
  });

  it('clips a first week that starts mid-week (May 2026 starts on a Friday) and covers every day once', async () => {
    const { monthWeeks } = await import('../common/business-time.js');
    const weeks = monthWeeks(2026, 5);
    expect(weeks[0]).toEqual({ week: 1, from: '2026-05-01', to: '2026-05-02', label: 'Week 1: May 1-May 2' });
    expect(weeks.at(-1)).toEqual({ week: 6, from: '2026-05-31', to: '2026-05-31', label: 'Week 6: May 31-May 31' });
    expect(weeks.every((w, i) => i === 0 || w.from > weeks[i - 1].to)).toBe(true);
  });
});

describe('instants in Los Angeles time', () => {
  it('names the day, the time and the zone, PDT in summer and PST in winter', async () => {
    const { formatBusinessInstant } = await import('../common/business-time.js');
    expect(formatBusinessInstant(new Date('2026-03-10T21:30:00Z'))).toBe('Tue, Mar 10, 2:30 PM PDT');
    expect(formatBusinessInstant(new Date('2026-11-24T08:05:00Z'))).toBe('Tue, Nov 24, 12:05 AM PST');
  });
});
