import request from 'supertest';
import { addDays, businessToday, type PriceGuide, type QuoteResponse, type RatesView } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { book, pickupIn } from '../../tests/support/drivers.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

/*
 * The rate table end to end (decisions.md, "Prices: one rate table"): quotes for the wizard, the
 * price guide every public page renders, and the admin's Rates page saving versions with history.
 */

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const SANTA_MONICA = 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401';
const DOWNTOWN = 'Downtown Los Angeles, Los Angeles, Los Angeles County, CA, USA';

/**
 * A Saturday or Sunday under 7 days ahead, for 09:00 pickups no offer applies to (not a weekday's
 * Executive Hour, not late, not booked 7 days ahead). Not "the next Saturday": on a Saturday that
 * is 7 days ahead, where the advance-booking offer applies.
 */
function saturday(): string {
  for (let d = 1; d <= 6; d++) {
    const date = addDays(businessToday(), d);
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day === 6 || day === 0) return date;
  }
  throw new Error('no weekend day within 6 days');
}

const ride = (over: Record<string, unknown> = {}) => ({
  tripType: 'one-way',
  pickupDate: saturday(),
  pickupTime: '09:00',
  pickupLocation: LAX,
  dropoffLocation: SANTA_MONICA,
  passengers: 2,
  ...over,
});

describe('rates: quotes, the price guide and the Rates page', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] });
  const api = () => request(stack.baseUrl);
  const admin = () => adminAuth(stack);
  const quote = async (over: Record<string, unknown> = {}) => (await api().post('/api/quotes').send(ride(over)).expect(200)).body as QuoteResponse;
  const rates = async () => (await api().get('/api/admin/rates').set('Authorization', admin()).expect(200)).body as RatesView;


  describe('POST /api/quotes', () => {
    it('quotes LAX to Santa Monica in the Executive Sedan at the $70.00 the site advertises, itemised', async () => {
      const q = await quote();
      expect(q).toMatchObject({ vehicleId: 1, returnQuote: null, tripTotal: '70.00' });
      expect(q.quote).toMatchObject({ total: '70.00', method: 'zone', pricedAs: 'LAX to Santa Monica', serviceFee: '2.90', gratuity: '9.13', toBeConfirmed: null });
      expect(q.quote.lines).toEqual([
        { code: 'fare', label: 'Transfer fare: LAX to Santa Monica', amount: '60.00' },
        { code: 'airport-surcharge', label: 'Airport surcharge', amount: '10.00' },
      ]);
    });

    it('gives every vehicle that seats the party its own price', async () => {
      const q = await quote({ passengers: 5, vehicleId: 2 });
      expect(q.vehicles.map((v) => [v.vehicleId, v.total])).toEqual([
        [2, '72.40'], // 130% of $60.00 is $78.00, the group's 20% off ($15.60), the $10.00 surcharge
        [3, '94.00'],
        [4, '130.00'],
      ]);
    });

    it('quotes LAX to Downtown at $89.00 with the special, and a round trip with the return 20% off', async () => {
      expect((await quote({ dropoffLocation: DOWNTOWN })).quote).toMatchObject({ total: '89.00', offer: { code: 'lax-to-downtown' } });
      const trip = await quote({ returnTrip: { pickupDate: addDays(saturday(), 1), pickupTime: '18:00' } });
      expect(trip.returnQuote).toMatchObject({ total: '58.00', returnDiscount: '12.00', pricedAs: 'Santa Monica to LAX' });
      expect(trip.tripTotal).toBe('128.00');
    });

    it('quotes a drop-off typed with its state, ZIP or street ("Santa Monica, CA") at the zone fare the site advertises', async () => {
      for (const dropoffLocation of ['Santa Monica, CA', 'Santa Monica, CA 90401', '1200 Ocean Ave, Santa Monica, CA 90401']) {
        const q = await quote({ pickupLocation: 'LAX', dropoffLocation });
        expect([dropoffLocation, q.quote]).toMatchObject([dropoffLocation, { total: '70.00', method: 'zone', pricedAs: 'LAX to Santa Monica', toBeConfirmed: null }]);
      }
      expect((await quote({ dropoffLocation: 'Springfield, IL' })).quote).toMatchObject({ method: 'minimum', toBeConfirmed: expect.stringContaining('to be confirmed on the call') });
    });

    it('quotes a ZIP code in a city that is no zone, or outside Southern California, to be confirmed, not at the city centre’s or a namesake’s fare', async () => {
      // 90045 is Westchester, by LAX, not Downtown; 94513 and 96137 are Brentwood and Westwood of Northern California.
      for (const dropoffLocation of ['Los Angeles, CA 90045', 'Brentwood, CA 94513', 'Westwood, CA 96137']) {
        const q = await quote({ pickupLocation: 'LAX', dropoffLocation });
        expect([dropoffLocation, q.quote]).toMatchObject([dropoffLocation, { method: 'minimum', toBeConfirmed: expect.stringContaining('to be confirmed on the call') }]);
      }
    });

    it('quotes a place it cannot find at the minimum fare, to be confirmed on the call', async () => {
      const q = await quote({ dropoffLocation: '1234 Nowhere Lane, Springfield' });
      expect(q.quote).toMatchObject({ method: 'minimum', total: '75.00' });
      expect(q.quote.toBeConfirmed).toContain('to be confirmed on the call');
      expect(q.vehicles.every((v) => v.toBeConfirmed)).toBe(true);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['its own price', { totalAmount: '1.00' }, 'Unrecognized key'],
      ['its own discount', { offer: 'group' }, 'Unrecognized key'],
      ['a return before the outbound ends', { returnTrip: { pickupDate: saturday(), pickupTime: '10:00' } }, 'The return must be after the outbound ride ends'],
      ['a return more than 30 days later', { returnTrip: { pickupDate: addDays(saturday(), 31), pickupTime: '09:00' } }, 'The return must be within 30 days of the outbound ride'],
      ['a return on an hourly ride', { tripType: 'hourly', duration: 3, dropoffLocation: undefined, returnTrip: { pickupDate: addDays(saturday(), 1), pickupTime: '09:00' } }, 'Only one-way rides can be booked as round trips'],
      ['too many passengers for the vehicle', { passengers: 4, vehicleId: 1 }, 'The Executive Sedan seats 3: choose a larger vehicle for 4 passengers'],
      // The booking's own refusal, so the wizard's first step says it instead of its last step failing.
      ['a pickup sooner than 2 hours from now', pickupIn(60), 'Pickup must be at least 2 hours from now'],
    ])('refuses a quote with %s (400)', async (_what, over, message) => {
      const res = await api().post('/api/quotes').send(ride(over)).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    });
  });

  describe('POST /api/trips: a round trip', () => {
    const trip = (over: Record<string, unknown> = {}) => ({
      ...ride(),
      vehicleId: 1,
      firstName: 'Rae',
      lastName: 'Roundtrip',
      email: 'rae.roundtrip@example.com',
      phone: '3105550100',
      returnTrip: { pickupDate: addDays(saturday(), 2), pickupTime: '18:00' },
      ...over,
    });

    it('books two linked legs, one reference each and one trip reference, the return 20% off, and answers a retry with the same trip', async () => {
      const res = await api().post('/api/trips').set('Idempotency-Key', 'trip-once').send(trip()).expect(201);
      const { booking, returnBooking, tripReference } = res.body;
      expect(tripReference).toMatch(/^RT-[2-9A-Z]{5}$/);
      expect(booking).toMatchObject({ tripReference, tripLeg: 'outbound', linkedBookingId: returnBooking.id, pickupLocation: LAX, dropoffLocation: SANTA_MONICA, totalAmount: '70.00' });
      expect(returnBooking).toMatchObject({
        tripReference,
        tripLeg: 'return',
        linkedBookingId: booking.id,
        pickupLocation: SANTA_MONICA,
        dropoffLocation: LAX,
        pickupTime: '18:00',
        totalAmount: '58.00',
        price: { returnDiscount: '12.00' },
      });
      expect(booking.reference).not.toBe(returnBooking.reference);
      const again = await api().post('/api/trips').set('Idempotency-Key', 'trip-once').send(trip()).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.booking.id).toBe(booking.id);
      const listed = (await api().get('/api/admin/bookings').set('Authorization', admin()).expect(200)).body as { id: number; tripReference: string }[];
      expect(listed.filter((b) => b.tripReference === tripReference).map((b) => b.id).sort()).toEqual([booking.id, returnBooking.id].sort());
    });

    it('takes the return pickup it is given', async () => {
      const res = await api().post('/api/trips').send(trip({ returnTrip: { pickupDate: addDays(saturday(), 1), pickupTime: '10:00', pickupLocation: DOWNTOWN } })).expect(201);
      expect(res.body.returnBooking).toMatchObject({ pickupLocation: DOWNTOWN, dropoffLocation: LAX, totalAmount: '89.00', price: { offer: { code: 'lax-to-downtown' } } });
    });

    it('refuses a return before the outbound ends, or without a return, storing nothing', async () => {
      const before = ((await api().get('/api/admin/bookings').set('Authorization', admin()).expect(200)).body as unknown[]).length;
      const early = await api().post('/api/trips').send(trip({ returnTrip: { pickupDate: saturday(), pickupTime: '10:00' } })).expect(400);
      expect(early.body.message).toBe('The return must be after the outbound ride ends');
      await api().post('/api/trips').send(trip({ returnTrip: undefined })).expect(400);
      expect(((await api().get('/api/admin/bookings').set('Authorization', admin()).expect(200)).body as unknown[]).length).toBe(before);
    });
  });

  describe('the Rates page and the price guide', () => {
    it('renders every advertised figure from the table, and a saved change moves the guide, the quotes and keeps old bookings', async () => {
      const guide = (await api().get('/api/price-guide').expect(200)).body as PriceGuide;
      expect(guide.samples.map((s) => [s.id, s.total])).toEqual([
        ['lax-santa-monica', '70.00'],
        ['lax-beverly-hills', '75.00'],
        ['lax-downtown-la', '120.00'],
      ]);
      expect(guide.laxToDowntown).toEqual({ price: '89.00', regular: '120.00', saving: '31.00', maxPassengers: 3 });
      expect(guide.hourly).toEqual({ rate: '100.00', minimumHours: 3, minimum: '300.00', examples: [{ hours: 3, total: '300.00' }, { hours: 4, total: '400.00' }, { hours: 8, total: '800.00' }] });
      expect(guide.extras).toEqual({ meetGreet: '25.00', childSeat: '15.00', airportSurcharge: '10.00' });
      expect(guide.includes).toBe('5% service fee and 15% gratuity included');

      // A Saturday at 09:00: no offer applies (Executive Hour is weekdays 10:00-14:00), so the total is the table's.
      const booked = await book(stack, { pickupLocation: LAX, dropoffLocation: SANTA_MONICA, meetGreet: false, pickupDate: saturday(), pickupTime: '09:00' });
      expect(booked.totalAmount).toBe('70.00');

      const before = await rates();
      expect(before.version).toBe(0);
      const table = { ...before.table, zoneFares: before.table.zoneFares.map((f) => (f.from === 'lax' && f.to === 'santa-monica' ? { ...f, fare: '62.50' } : f)) };
      const preview = await api().post('/api/admin/rates/preview').set('Authorization', admin()).send({ table, ride: ride() }).expect(200);
      expect([preview.body.before.quote.total, preview.body.after.quote.total]).toEqual(['70.00', '72.50']);

      const saved = (await api().put('/api/admin/rates').set('Authorization', admin()).send({ table, version: 0 }).expect(200)).body as RatesView;
      expect(saved.version).toBe(1);
      expect(saved.changes[0]).toMatchObject({ id: 1, changedBy: expect.any(String), summary: ['LAX to Santa Monica: $60.00 → $62.50'] });

      await eventually(async () => ((await api().get('/api/price-guide').expect(200)).body as PriceGuide).samples[0].total === '72.50', 10_000, 'the guide to follow');
      expect((await quote()).quote.total).toBe('72.50');
      // A second admin saving from the version the first started from is refused, not silently undone.
      const stale = await api().put('/api/admin/rates').set('Authorization', admin()).send({ table: before.table, version: 0 }).expect(409);
      expect(stale.body.message).toMatch(/changed by someone else/);
      // The booking keeps the quote it was made with.
      const kept = (await api().get('/api/admin/bookings').set('Authorization', admin()).expect(200)).body.find((b: { id: number }) => b.id === booked.id);
      expect(kept.totalAmount).toBe('70.00');
    });

    it.each<[string, (t: RatesView['table']) => unknown, string]>([
      ['a rate of $0', (t) => ({ ...t, extras: { ...t.extras, meetGreet: '0' } }), 'Rates must be amounts above $0.00'],
      ['a negative rate', (t) => ({ ...t, distance: { ...t.distance, perMile: '-3.75' } }), 'Rates must be amounts above $0.00'],
      ['three decimals', (t) => ({ ...t, distance: { ...t.distance, flagFall: '30.005' } }), 'at most two decimals'],
      ['a zone pair entered twice', (t) => ({ ...t, zoneFares: [...t.zoneFares, { from: 'santa-monica', to: 'lax', fare: '61.00' }] }), 'is entered twice'],
      ['an unknown zone', (t) => ({ ...t, zoneFares: [...t.zoneFares, { from: 'lax', to: 'atlantis', fare: '61.00' }] }), 'Unknown zone: atlantis'],
      ['an unknown vehicle', (t) => ({ ...t, vehicles: [...t.vehicles, { vehicleId: 999, hourlyRate: '100.00', minimumHours: 3, transferPercent: 100 }] }), 'Unknown vehicle: 999'],
      ['a driver’s share above 100%', (t) => ({ ...t, driverShares: { wait: 60, extraStop: 60, tolls: 101, parking: 100 } }), 'A share must be a whole number from 0 to 100'],
    ])('refuses a table with %s (400) and saves nothing', async (_what, change, message) => {
      const current = await rates();
      const res = await api().put('/api/admin/rates').set('Authorization', admin()).send({ table: change(current.table), version: current.version }).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
      expect((await rates()).version).toBe(current.version);
    });

    it('keeps the driver’s shares of the final price with the table, in the history in words', async () => {
      const current = await rates();
      expect(current.table.driverShares).toEqual({ wait: 60, extraStop: 60, tolls: 100, parking: 100 });
      const table = { ...current.table, driverShares: { ...current.table.driverShares!, tolls: 80 } };
      const saved = (await api().put('/api/admin/rates').set('Authorization', admin()).send({ table, version: current.version }).expect(200)).body as RatesView;
      expect(saved.table.driverShares).toEqual({ wait: 60, extraStop: 60, tolls: 80, parking: 100 });
      expect(saved.changes[0].summary).toEqual(["Driver's share of tolls: 100% → 80%"]);
    });

    it('is for admins only', async () => {
      await api().get('/api/admin/rates').expect(401);
      await api().put('/api/admin/rates').send({}).expect(401);
    });
  });
});
