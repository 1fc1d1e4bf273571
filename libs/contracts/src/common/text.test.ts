import fc from 'fast-check';
import type { z } from 'zod';
import { addDays, businessToday } from './business-time.js';
import { describeZodError } from './errors.js';
import { hasControlCharacters, hasUnpairedSurrogates, stringLeaves } from './text-rule.js';
import { ALL_RPC } from '../registry.js';
import { AddressQuery, BookingListQuery, BookingRequest, ContactDetails, QuickRideDetails, RideDetails, UpdateBookingRequest } from '../booking/http.js';
import { AssignDriverRequest, DriverStatusUpdate } from '../booking/dispatch.js';
import { DriverRegistration, DriverUpdate } from '../drivers/http.js';
import { DriverLogin, DriverMonthlyRevenueQuery, DriverWeeklyRevenueQuery, LocationUpdate, PasswordChange } from '../drivers/portal.js';
import { VehicleCreate, VehicleUpdate } from '../fleet/http.js';
import { SignInCodeRequest, SignInRequest } from '../customers/account.js';
import { AdminCustomersQuery } from '../customers/loyalty.js';
import { DailyRevenueQuery, MonthlyRevenueQuery } from '../reporting/http.js';

/** Every request schema of the HTTP API (the gateway's test walks its route table for the same). */
const HTTP_REQUESTS: Record<string, z.ZodType> = {
  BookingRequest,
  RideDetails,
  QuickRideDetails,
  ContactDetails,
  UpdateBookingRequest,
  AddressQuery,
  BookingListQuery,
  AssignDriverRequest,
  DriverStatusUpdate,
  DriverRegistration,
  DriverUpdate,
  DriverLogin,
  PasswordChange,
  LocationUpdate,
  DriverMonthlyRevenueQuery,
  DriverWeeklyRevenueQuery,
  VehicleCreate,
  VehicleUpdate,
  DailyRevenueQuery,
  MonthlyRevenueQuery,
  SignInCodeRequest,
  SignInRequest,
  AdminCustomersQuery,
};

/**
 * RPC strings that carry what a service already stored or computed, never what a client typed:
 * the signed-in admin's username as the actor, the drivers service's names for the dispatch
 * dropdown, the reporting service's paging cursor.
 */
const INTERNAL_RPC_STRINGS = [
  'booking.bookings.update.v1 actor.name',
  'booking.bookings.update.v2 actor.name',
  'booking.bookings.update.v3 actor.name',
  'booking.flights.set-delay.v1 actor.name',
  'booking.dispatch.assign.v1 actor.name',
  'booking.dispatch.withdraw.v1 actor.name',
  'booking.rates.update.v1 actor.name',
  'booking.rates.update.v2 actor.name',
  'booking.dispatch.review-settlement.v1 actor.name',
  'customers.admin.ledger.adjust.v1 actor.name',
  'customers.admin.ledger.adjust.v2 actor.name',
  'customers.companies.create.v1 actor.name',
  'customers.companies.plan.change.v1 actor.name',
  'booking.dispatch.driver-options.v1 drivers.*.name',
  'booking.dispatch.driver-options.v1 drivers.*.username',
  'booking.dispatch.driver-options.v2 drivers.*.name',
  'booking.dispatch.driver-options.v2 drivers.*.username',
  'booking.dispatch.assignments.v1 after',
];

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009b', '\u009f'];

describe('the free-text rule', () => {
  it('refuses every C0 and C1 control character and DEL', () => {
    for (const c of CONTROL) {
      expect(hasControlCharacters(`a${c}b`)).toBe(true);
      expect(hasControlCharacters(`a${c}b`, 'multi-line')).toBe(true);
    }
  });

  it('allows tab and line breaks only in multi-line text', () => {
    for (const c of ['\t', '\n', '\r', '\r\n']) {
      expect(hasControlCharacters(`line one${c}line two`)).toBe(true);
      expect(hasControlCharacters(`line one${c}line two`, 'multi-line')).toBe(false);
    }
  });

  it('refuses the bidirectional embeddings, overrides and isolates, which make text display out of order', () => {
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(hasControlCharacters(`invoice${c}fdp.exe`)).toBe(true);
      expect(hasControlCharacters(`invoice${c}fdp.exe`, 'multi-line')).toBe(true);
    }
  });

  it('allows any other text: accents, other scripts, emoji, non-breaking and wide spaces', () => {
    for (const text of ['Zoë Saldaña', 'Ñandú 12', '東京都', 'שלום', 'مرحبا', 'Café ☕ 🚗', '👩\u200d🚀', 'a\u00a0b', 'a\u2028b', 'O’Brien & Sons, #4']) {
      expect(hasControlCharacters(text)).toBe(false);
    }
  });

  it('tells an unpaired surrogate from a whole pair (an emoji is two UTF-16 units, one character)', () => {
    for (const half of ['\ud800', '\udbff', '\udc00', '\udfff']) expect(hasUnpairedSurrogates(`a${half}b`)).toBe(true);
    expect(hasUnpairedSurrogates('\udc00\ud800')).toBe(true);
    expect(hasUnpairedSurrogates('Café ☕ 🚗 \ud83d\ude97')).toBe(false);
  });

  it('accepts no control character in any string, whatever the text around it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.constantFrom(...CONTROL), fc.string({ unit: 'binary' }), (before, c, after) =>
        hasControlCharacters(before + c + after),
      ),
    );
  });
});

describe('control characters in request payloads', () => {
  const ride = {
    tripType: 'one-way',
    pickupDate: addDays(businessToday(), 2),
    pickupTime: '09:00',
    pickupLocation: 'LAX',
    dropoffLocation: 'Pasadena',
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '3105550123',
  };
  const registration = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '3105550123', licenseNumber: 'D123', address: '1 Main St' };
  const vehicle = { name: 'Sedan', category: 'sedan', description: 'Executive Sedan', capacity: 3, baseRate: '95.00', imageUrl: '/a.jpg', features: ['Wi-Fi'] };
  const summary = (schema: z.ZodType, body: unknown) => {
    const result = schema.safeParse(body);
    return result.success ? 'accepted' : describeZodError(result.error).message;
  };

  it.each([
    [BookingRequest, ride, 'pickupLocation', 'Pickup location'],
    [BookingRequest, ride, 'dropoffLocation', 'Drop-off location'],
    [BookingRequest, ride, 'firstName', 'First name'],
    [BookingRequest, ride, 'lastName', 'Last name'],
    [BookingRequest, ride, 'email', 'Email'],
    [BookingRequest, ride, 'phone', 'Phone'],
    [DriverRegistration, registration, 'firstName', 'First name'],
    [DriverRegistration, registration, 'email', 'Email'],
    [DriverRegistration, registration, 'licenseNumber', 'License number'],
    [DriverRegistration, registration, 'address', 'Address'],
    [VehicleCreate, vehicle, 'name', 'Name'],
    [VehicleCreate, vehicle, 'description', 'Description'],
    [VehicleCreate, vehicle, 'imageUrl', 'Image URL'],
    [DriverLogin, { username: 'dana.d', password: 'secret' }, 'username', 'Username'],
    [DriverLogin, { username: 'dana.d', password: 'secret' }, 'password', 'Password'],
  ] as const)('refuses a NUL inside a valid value with a 400 naming the field (%#: %s)', (schema, valid, field, label) => {
    expect(summary(schema, valid)).toBe('accepted');
    const value = (valid as Record<string, string>)[field];
    expect(summary(schema, { ...valid, [field]: `${value.slice(0, 2)}\u0000${value.slice(2)}` })).toBe(`${field}: ${label} must not contain control characters`);
  });

  it('refuses half of a surrogate pair in free text, with its own message', () => {
    expect(summary(BookingRequest, { ...ride, lastName: 'Lee\ud800' })).toBe('lastName: Last name must be valid Unicode text');
    expect(summary(BookingRequest, { ...ride, specialRequests: 'Two bags \udc00' })).toBe('specialRequests: Special requests must be valid Unicode text');
    expect(summary(BookingRequest, { ...ride, lastName: 'Lee 🚗' })).toBe('accepted');
  });

  it('names the item of a list: a stop address or a feature', () => {
    expect(summary(BookingRequest, { ...ride, waypoints: ['Santa Monica', 'Venice\u0007'] })).toBe('waypoints.1: Stop address must not contain control characters');
    expect(summary(VehicleCreate, { ...vehicle, features: ['Wi-Fi', 'Bar\u001b[31m'] })).toBe('features.1: Feature must not contain control characters');
  });

  it('keeps line breaks and tabs in special requests and admin notes, not in a name', () => {
    expect(summary(BookingRequest, { ...ride, specialRequests: 'Two bags.\r\n\tChild seat, please.' })).toBe('accepted');
    expect(summary(BookingRequest, { ...ride, specialRequests: 'Two bags\u0000' })).toBe('specialRequests: Special requests must not contain control characters');
    expect(summary(UpdateBookingRequest, { adminNotes: 'Called back.\nVIP.' })).toBe('accepted');
    expect(summary(UpdateBookingRequest, { adminNotes: 'VIP\u0000' })).toBe('adminNotes: Admin notes must not contain control characters');
    expect(summary(BookingRequest, { ...ride, firstName: 'Ann\nMarie' })).toBe('firstName: First name must not contain control characters');
  });

  it('trims outer whitespace before the rule, as before: a pasted name with a newline at its end is fine', () => {
    const parsed = BookingRequest.parse({ ...ride, firstName: '\tAnn\n', pickupLocation: ' LAX\r\n' });
    expect(parsed).toMatchObject({ firstName: 'Ann', pickupLocation: 'LAX' });
  });

  it('refuses control characters in passwords, new and current', () => {
    const change = { currentPassword: 'old-one', newPassword: 'new-secret', confirmPassword: 'new-secret' };
    expect(summary(PasswordChange, change)).toBe('accepted');
    expect(summary(PasswordChange, { ...change, newPassword: 'new\u0000secret', confirmPassword: 'new\u0000secret' })).toBe(
      'newPassword: New password must not contain control characters',
    );
    expect(summary(PasswordChange, { ...change, currentPassword: 'old\u0000' })).toBe('currentPassword: Current password must not contain control characters');
  });

  it('keeps the spec messages of the other rules word for word', () => {
    expect(summary(BookingRequest, { ...ride, firstName: '' })).toBe('firstName: First name is required');
    expect(summary(BookingRequest, { ...ride, email: 'nope' })).toBe('email: Valid email is required');
    expect(summary(DriverRegistration, { ...registration, licenseNumber: ' ' })).toBe('licenseNumber: License number is required');
    expect(summary(PasswordChange, { currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBe('currentPassword: Current password is required');
  });
});

describe('every string a request can carry is guarded', () => {
  it.each(Object.entries(HTTP_REQUESTS))('%s: each string field has the text rule or an anchored pattern', (_name, schema) => {
    expect(stringLeaves(schema).filter((leaf) => leaf.guard === 'none')).toEqual([]);
  });

  it('RPC requests guard every string a client typed; the unguarded ones are stored or computed values', () => {
    const unguarded = ALL_RPC.flatMap((contract) => stringLeaves(contract.request).filter((leaf) => leaf.guard === 'none').map((leaf) => `${contract.subject} ${leaf.path}`));
    expect(unguarded.sort()).toEqual([...INTERNAL_RPC_STRINGS].sort());
  });

  it('the patterns that guard the other strings (ids, dates, money, emails) match no control character', () => {
    const patterns = [...Object.values(HTTP_REQUESTS), ...ALL_RPC.map((c) => c.request)].flatMap((schema) =>
      stringLeaves(schema).flatMap((leaf) => leaf.patterns),
    );
    expect(patterns.length).toBeGreaterThan(3);
    for (const pattern of new Set(patterns)) {
      fc.assert(fc.property(fc.stringMatching(pattern), (value) => !hasControlCharacters(value)), { numRuns: 200 });
    }
  });

  it('finds a string field that lacks the rule (the walk can fail)', async () => {
    const { z } = await import('zod');
    const leaves = stringLeaves(z.object({ name: z.string().max(5), tags: z.array(z.string()).optional(), id: z.string().regex(/^\d+$/) }));
    expect(leaves.map((leaf) => [leaf.path, leaf.guard])).toEqual([
      ['name', 'none'],
      ['tags.*', 'none'],
      ['id', 'pattern'],
    ]);
  });
});

describe('numeric query parameters stay within Postgres integers', () => {
  it('refuses a list cursor above 2147483647', () => {
    expect(BookingListQuery.safeParse({ cursor: '2147483647' }).success).toBe(true);
    const result = BookingListQuery.safeParse({ cursor: '2147483648' });
    expect(result.success ? 'accepted' : describeZodError(result.error).message).toBe('cursor: cursor must be a booking id');
    expect(BookingListQuery.safeParse({ cursor: '1e20' }).success).toBe(false);
    expect(BookingListQuery.safeParse({ limit: '99999999999' }).success).toBe(false);
  });
});
