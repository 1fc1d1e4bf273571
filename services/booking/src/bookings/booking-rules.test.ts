import { BookingRequest, quotePrice } from '@limo/contracts';
import { addDays, businessToday } from '@limo/contracts';
import { DISPATCH_MESSAGES } from '@limo/contracts';
import { Prisma } from '../generated/prisma/client.js';
import { driverEffects, newBookingData, planChange } from './booking-rules.js';
import { randomReference, REFERENCE_ALPHABET, REFERENCE_PATTERN } from './booking-reference.js';
import { pageOf } from './bookings.repository.js';
import { UNSETTLED } from '../rides/settlement.js';

const request = (overrides: Record<string, unknown> = {}) =>
  BookingRequest.parse({
    tripType: 'one-way',
    pickupDate: addDays(businessToday(), 3),
    pickupTime: '09:00',
    pickupLocation: 'LAX',
    dropoffLocation: 'Santa Monica Pier',
    duration: 1,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '3105550100',
    totalAmount: '0.01',
    ...overrides,
  });

/** The quote the booking service makes for a request (vehicle 1, no offer here). */
const bookingData = (req: BookingRequest) => newBookingData(req, 'LX-AAAAA', quotePrice(req));

describe('newBookingData', () => {
  it('prices with the shared module and ignores the price strings sent', () => {
    const data = bookingData(request({ meetGreet: true }));
    expect(data).toMatchObject({ baseRate: '245.00', meetGreetFee: '25.00', childSeatsFee: '0.00', serviceFee: '13.50', gratuity: '42.53', totalAmount: '326.03' });
    expect(data.status).toBe('pending');
  });

  it('keeps the drop-off and no duration for a one-way ride', () => {
    expect(bookingData(request())).toMatchObject({ dropoffLocation: 'Santa Monica Pier', duration: null });
  });

  it('keeps the hours and no drop-off for an hourly ride', () => {
    const data = bookingData(request({ tripType: 'hourly', dropoffLocation: '', duration: 5 }));
    expect(data).toMatchObject({ dropoffLocation: null, duration: 5, baseRate: '600.00' });
  });

  it('stores the pickup date as that calendar day and blank requests as none', () => {
    const date = addDays(businessToday(), 10);
    const data = bookingData(request({ pickupDate: date, specialRequests: '   ' }));
    expect((data.pickupDate as Date).toISOString()).toBe(`${date}T00:00:00.000Z`);
    expect(data.specialRequests).toBeNull();
  });
});

describe('planChange', () => {
  const none = new Prisma.Decimal('0.00');
  const row = { status: 'pending', adminNotes: null, version: 4, completedAt: null, pickupPinned: false, flightNumber: null, totalAmount: new Prisma.Decimal('70.00'), freeRideAmount: none, creditAmount: none, planTransferAmount: none, priceDetail: null };
  const now = new Date('2026-03-08T10:00:00Z');

  it('changes nothing when the edit repeats the current values', () => {
    expect(planChange(row, { status: 'pending', adminNotes: null }, now)).toEqual({ kind: 'none' });
    expect(planChange({ ...row, adminNotes: 'x' }, { adminNotes: 'x' }, now)).toEqual({ kind: 'none' });
  });

  it('is an update (not a status change) when only the notes change, with the next version', () => {
    expect(planChange(row, { adminNotes: 'VIP' }, now)).toEqual({ kind: 'updated', data: { version: 5, adminNotes: 'VIP' }, history: ['Admin notes changed'] });
  });

  it('stores blank notes as none', () => {
    expect(planChange({ ...row, adminNotes: 'old' }, { adminNotes: '  ' }, now)).toEqual({ kind: 'updated', data: { version: 5, adminNotes: null }, history: ['Admin notes changed'] });
  });

  it('sets completedAt when a booking becomes completed and clears it when it leaves', () => {
    expect(planChange(row, { status: 'completed' }, now)).toEqual({
      kind: 'statusChanged',
      previousStatus: 'pending',
      status: 'completed',
      data: { version: 5, status: 'completed', completedAt: now },
      history: [],
    });
    expect(planChange({ ...row, status: 'completed', completedAt: now }, { status: 'cancelled', adminNotes: 'refund' }, now)).toEqual({
      kind: 'statusChanged',
      previousStatus: 'completed',
      status: 'cancelled',
      data: { version: 5, status: 'cancelled', completedAt: null, adminNotes: 'refund' },
      history: [],
    });
  });

  it('pins and unpins the pickup (the flight no longer moves it), with a line for the history', () => {
    expect(planChange(row, { pickupPinned: true }, now)).toEqual({
      kind: 'updated',
      data: { version: 5, pickupPinned: true },
      history: ['Pickup pinned: the flight no longer moves it'],
    });
    expect(planChange({ ...row, pickupPinned: true }, { pickupPinned: false, adminNotes: 'late flight' }, now)).toEqual({
      kind: 'updated',
      data: { version: 5, adminNotes: 'late flight', pickupPinned: false, flightArrival: null, flightCheckedAt: null },
      history: ['Admin notes changed', 'Pickup unpinned: it follows the flight again'],
    });
    expect(planChange({ ...row, pickupPinned: true }, { pickupPinned: true }, now)).toEqual({ kind: 'none' });
  });

  it("restores a cancelled booking without the free ride and credit its cancellation gave back to the account", () => {
    const cancelled = { ...row, status: 'cancelled', totalAmount: new Prisma.Decimal('5.00'), freeRideAmount: new Prisma.Decimal('61.00'), creditAmount: new Prisma.Decimal('4.00') };
    expect(planChange(cancelled, { status: 'confirmed' }, now)).toMatchObject({
      kind: 'statusChanged',
      data: { status: 'confirmed', totalAmount: '70.00', freeRideAmount: '0.00', creditAmount: '0.00' },
      history: ["Restored without the free ride and credit it had (returned to the customer's account at its cancellation): total $70.00"],
    });
    // Without any, or cancelled from elsewhere, the price stays.
    expect(planChange({ ...row, status: 'cancelled' }, { status: 'confirmed' }, now)).not.toHaveProperty('data.totalAmount');
    expect(planChange({ ...cancelled, status: 'confirmed' }, { status: 'cancelled' }, now)).not.toHaveProperty('data.totalAmount');
  });

  it("restores a cancelled company ride without the transfer its cancellation gave back to the month, billed to the company", () => {
    const cancelled = { ...row, status: 'cancelled', totalAmount: new Prisma.Decimal('9.00'), planTransferAmount: new Prisma.Decimal('70.00'), priceDetail: { planNote: 'One of Acme’s transfers' } };
    const change = planChange(cancelled, { status: 'confirmed' }, now);
    expect(change).toMatchObject({ kind: 'statusChanged', data: { status: 'confirmed', totalAmount: '79.00', planTransferAmount: '0.00' } });
    expect(change.kind === 'statusChanged' && change.history[0]).toContain('billed to the company');
    expect(change).toHaveProperty('data.priceDetail.planNote', 'Restored after its cancellation gave its transfer back: priced as usual and billed to the company');
  });
});

describe("driverEffects: an admin's status change and the ride's driver", () => {
  const accepted = { status: 'completed', driverId: 7, driverResponse: 'accepted', driverEarnings: new Prisma.Decimal('157.75') };

  it('starts a reopened ride over: no driver, answer, progress or earnings', () => {
    const effects = driverEffects(accepted, 'pending');
    expect(effects).toMatchObject({ releaseHold: true, withdrawAssignment: false });
    expect(effects.data).toEqual({ driverId: null, driverResponse: null, driverEarnings: null, driverStatus: null, startedAt: null, pickedUpAt: null, halfwayAt: null, twoMilesAt: null, droppedOffAt: null, ...UNSETTLED });
  });

  it('takes the earnings away from a ride that leaves completed, and holds the driver again when it is confirmed', () => {
    expect(driverEffects(accepted, 'cancelled').data).toEqual({ driverEarnings: null, ...UNSETTLED });
    expect(UNSETTLED).toMatchObject({ finalAmount: null, settlementStatus: null, settledAt: null });
    expect(driverEffects(accepted, 'confirmed')).toMatchObject({ takeHold: true, data: { driverEarnings: null, driverStatus: null } });
    expect(driverEffects(accepted, 'in-progress')).toMatchObject({ takeHold: true, data: { driverEarnings: null, driverStatus: null, startedAt: null } });
    expect(driverEffects({ ...accepted, status: 'cancelled', driverEarnings: null }, 'in-progress')).toMatchObject({ takeHold: true, data: {} });
  });

  it('refuses to confirm a ride whose driver has not answered, and withdraws it when cancelled', () => {
    const unanswered = { status: 'pending', driverId: 7, driverResponse: 'pending', driverEarnings: null };
    expect(driverEffects(unanswered, 'confirmed').refused).toBe(DISPATCH_MESSAGES.awaitingAnswer);
    expect(driverEffects(unanswered, 'in-progress').refused).toBe(DISPATCH_MESSAGES.awaitingAnswer);
    expect(driverEffects(unanswered, 'cancelled')).toMatchObject({ withdrawAssignment: true, data: { driverResponse: 'withdrawn', driverId: null } });
    // A ride whose assignment was withdrawn that way (or before this rule) holds no one when confirmed again.
    expect(driverEffects({ ...unanswered, status: 'cancelled', driverResponse: 'withdrawn' }, 'confirmed')).toMatchObject({ takeHold: false });
  });
});

describe('booking references', () => {
  it('look like LX-7K3Q9 and use only unambiguous symbols', () => {
    for (let i = 0; i < 2000; i++) {
      const reference = randomReference();
      expect(reference).toMatch(REFERENCE_PATTERN);
    }
    for (const ambiguous of ['0', 'O', '1', 'I', 'L', 'U']) expect(REFERENCE_ALPHABET).not.toContain(ambiguous);
  });

  it('spread over the whole alphabet', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) for (const ch of randomReference().slice(3)) seen.add(ch);
    expect(seen.size).toBe(REFERENCE_ALPHABET.length);
  });
});

describe('pages of a list', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 100 - i, text: 'x'.repeat(100) }));

  it('gives up to the limit and the last id as the cursor when more follow', () => {
    expect(pageOf(rows(4), 3, (r) => r.id)).toEqual({ items: [100, 99, 98], nextCursor: 98 });
    expect(pageOf(rows(3), 3, (r) => r.id)).toEqual({ items: [100, 99, 98], nextCursor: null });
  });

  it('stops early when the page would outgrow the byte budget, but never gives an empty page', () => {
    const page = pageOf(rows(10), 10, (r) => r, 350);
    expect(page.items.map((r) => r.id)).toEqual([100, 99]);
    expect(page.nextCursor).toBe(99);
    expect(pageOf(rows(2), 2, (r) => r, 10).items).toHaveLength(1);
  });
});
