import pg from 'pg';
import request from 'supertest';
import { addDays, Booking, BOOKING_MESSAGES, businessDateTimeOf, businessToday, type Vehicle } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, signedInDriver } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';

/*
 * POST /api/bookings with the vehicle, the passengers, the luggage, the advertised offers and the lead
 * time (decisions.md, Vehicle, passengers and the advertised offers; Prices: one rate table). The seeded
 * fleet: 1 Executive Sedan (3 seats, 3 bags), 2 Luxury SUV (7, 6), 3 Stretch Limousine (6, 4), 4 Party Bus (14, 12), priced
 * by the default rate table (LAX to Beverly Hills $65.00 + $10.00 airport surcharge in the sedan).
 */

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const BEVERLY_HILLS = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';
const DOWNTOWN = 'Downtown Los Angeles, Los Angeles, Los Angeles County, CA, USA';
const tomorrow = () => addDays(businessToday(), 1);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** The first Monday-Friday from tomorrow on (always under 7 days ahead). */
const nextWorkday = () => [1, 2, 3, 4, 5].map((d) => addDays(businessToday(), d)).find((d) => weekday(d) >= 1 && weekday(d) <= 5)!;
let seq = 0;

/** Two passengers in the sedan, tomorrow 14:30 from LAX to Beverly Hills: no offer applies. */
function ride(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    tripType: 'one-way',
    pickupDate: tomorrow(),
    pickupTime: '14:30',
    pickupLocation: LAX,
    dropoffLocation: BEVERLY_HILLS,
    duration: 1,
    specialRequests: '',
    vehicleId: 1,
    passengers: 2,
    firstName: 'Grace',
    lastName: `Hopper${seq}`,
    email: `grace${seq}.${Date.now()}@example.com`,
    phone: '(310) 555-0100',
    paymentMethod: 'phone-card',
    smsUpdates: false,
    meetGreet: false,
    childSeats: false,
    ...overrides,
  };
}

/** An LA 30-minute slot `minutes` from now (which may fall on another day). */
function slotFromNow(minutes: number): { pickupDate: string; pickupTime: string } {
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 1_800_000) * 1_800_000);
  const { date, time } = businessDateTimeOf(at);
  return { pickupDate: date, pickupTime: time };
}

describe('booking with a vehicle, passengers and the advertised offers', () => {
  let db: pg.Client;
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] }, { beforeStop: () => db?.end() });

  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });

  const post = (body: Record<string, unknown>) => request(stack.baseUrl).post('/api/bookings').send(body);
  const count = async () => Number((await db.query(`SELECT count(*) FROM booking.bookings`)).rows[0].count);

  it('uses the seeded fleet this file expects', async () => {
    const vehicles = (await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as Vehicle[];
    expect(vehicles.slice(0, 3).map((v) => [v.id, v.name, v.capacity, v.baseRate])).toEqual([
      [1, 'Executive Sedan', 3, '95.00'],
      [2, 'Luxury SUV', 7, '125.00'],
      [3, 'Stretch Limousine', 6, '175.00'],
    ]);
  });

  it('stores the passengers and the vehicle, and prices no offer when none applies', async () => {
    const booking = Booking.parse((await post(ride()).expect(201)).body);
    expect(booking).toMatchObject({ passengers: 2, vehicleId: 1, totalAmount: '75.00' });
    expect(booking.price).toEqual({
      fare: '65.00',
      vehicle: '0.00',
      offer: null,
      base: '62.11',
      meetGreet: '0.00',
      childSeats: '0.00',
      addOns: '0.00',
      serviceFee: '3.11',
      gratuity: '9.78',
      total: '75.00',
      lines: [
        { code: 'fare', label: 'Transfer fare: LAX to Beverly Hills', amount: '65.00' },
        { code: 'airport-surcharge', label: 'Airport surcharge', amount: '10.00' },
      ],
      method: 'zone',
      pricedAs: 'LAX to Beverly Hills',
      includes: '5% service fee and 15% gratuity included: service fee $3.11, gratuity $9.78',
      toBeConfirmed: null,
      airportSurcharge: '10.00',
    });
  });

  it("prices the limousine by its own rates: transfers at 175% of the sedan's, $65.00 x 1.75", async () => {
    const booking = Booking.parse((await post(ride({ vehicleId: 3 })).expect(201)).body);
    expect(booking.price).toMatchObject({ fare: '113.75', vehicle: '0.00', offer: null, total: '123.75', base: '102.48' });
    const row = (await db.query(`SELECT fare::text, vehicle_fare::text, base_rate::text, total_amount::text, rate_version, passengers, vehicle_id FROM booking.bookings WHERE id = $1`, [booking.id])).rows[0];
    expect(row).toEqual({ fare: '113.75', vehicle_fare: '0.00', base_rate: '102.48', total_amount: '123.75', rate_version: 0, passengers: 2, vehicle_id: 3 });
  });

  it('gives a group of 6 in the SUV the group discount (20% of its $84.50 fare)', async () => {
    const booking = Booking.parse((await post(ride({ vehicleId: 2, passengers: 6 })).expect(201)).body);
    expect(booking.price).toMatchObject({ fare: '84.50', offer: { code: 'group', name: 'Group Discount', saving: '16.90' }, total: '77.60' });
  });

  it('gives 4 passengers in the SUV no group discount', async () => {
    const booking = Booking.parse((await post(ride({ vehicleId: 2, passengers: 4 })).expect(201)).body);
    expect(booking.price.offer).toBeNull();
  });

  it('gives a 21:00 pickup Late Flight Love and a 19:30 one nothing', async () => {
    const late = Booking.parse((await post(ride({ pickupTime: '21:00' })).expect(201)).body);
    expect(late.price).toMatchObject({ offer: { code: 'late-flight-love', name: 'Late Flight Love', saving: '6.50' }, total: '68.50' });
    const earlier = Booking.parse((await post(ride({ pickupTime: '19:30' })).expect(201)).body);
    expect(earlier.price.offer).toBeNull();
  });

  it('gives an airport ride on a weekday at 11:00 Executive Hour, and one at 14:00 nothing', async () => {
    const date = nextWorkday();
    const booking = Booking.parse((await post(ride({ pickupDate: date, pickupTime: '11:00' })).expect(201)).body);
    expect(booking.price.offer).toEqual({ code: 'executive-hour', name: 'Executive Hour', saving: '9.75' });
    const after = Booking.parse((await post(ride({ pickupDate: date, pickupTime: '14:00' })).expect(201)).body);
    expect(after.price.offer).toBeNull();
  });

  it('gives a pickup 8 days ahead the advance booking discount', async () => {
    const booking = Booking.parse((await post(ride({ pickupDate: addDays(businessToday(), 8) })).expect(201)).body);
    expect(booking.price.offer).toEqual({ code: 'advance-booking', name: 'Advance Booking', saving: '9.75' });
  });

  it('charges $89 from LAX to Downtown for up to 3, and the usual fare for 4', async () => {
    const booking = Booking.parse((await post(ride({ dropoffLocation: DOWNTOWN, passengers: 3 })).expect(201)).body);
    // decisions.md: $89.00 with the special, $120.00 without.
    expect(booking.price).toMatchObject({ offer: { code: 'lax-to-downtown', name: 'LAX to Downtown', saving: '31.00' }, base: '73.71', serviceFee: '3.69', gratuity: '11.60', total: '89.00' });
    const four = Booking.parse((await post(ride({ dropoffLocation: DOWNTOWN, passengers: 4, vehicleId: 2 })).expect(201)).body);
    expect(four.price.offer).toBeNull();
  });

  it('ignores an offer and prices the browser sends: the server decides', async () => {
    const body = ride({ offer: 'group', baseRate: '196.00', serviceFee: '9.80', gratuity: '30.87', totalAmount: '236.67' });
    const booking = Booking.parse((await post(body).expect(201)).body);
    expect(booking.price).toMatchObject({ offer: null, base: '62.11', total: '75.00' });
  });

  it('stores no passenger count for the spec\'s client, which sends none, and seats it as one', async () => {
    const { passengers: _left, ...spec } = ride();
    const booking = Booking.parse((await post(spec).expect(201)).body);
    expect(booking).toMatchObject({ passengers: null, vehicleId: 1 });
  });

  describe('refusals: a clear 400 and nothing stored', () => {
    const refused = async (body: Record<string, unknown>, message: string) => {
      const before = await count();
      const res = await post(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message });
      expect(await count()).toBe(before);
    };

    it('refuses an unknown vehicle', async () => {
      await refused(ride({ vehicleId: 999 }), 'Vehicle 999 is not available: choose one of the active vehicles');
    });

    it('refuses a vehicle out of service', async () => {
      const admin = adminAuth(stack);
      const created = await request(stack.baseUrl)
        .post('/api/admin/vehicles')
        .set('Authorization', admin)
        .send({ name: 'Retired Coupe', category: 'sedan', description: 'Out of service', capacity: 3, baseRate: '80.00', isActive: false })
        .expect(201);
      await refused(ride({ vehicleId: created.body.id }), `Vehicle ${created.body.id} is not available: choose one of the active vehicles`);
    });

    it('refuses more passengers than the vehicle seats', async () => {
      await refused(ride({ passengers: 4 }), 'The Executive Sedan seats 3: choose a larger vehicle for 4 passengers');
      await refused(ride({ passengers: 15, vehicleId: 4 }), 'The Party Bus seats 14: choose a larger vehicle for 15 passengers');
    });

    it.each([0, -1, 2.5, '2', 61])('refuses %p passengers', async (passengers) => {
      const res = await post(ride({ passengers })).expect(400);
      expect(JSON.stringify(res.body)).toContain(BOOKING_MESSAGES.passengers);
    });

    it('refuses a pickup inside the 2-hour lead time', async () => {
      await refused(ride(slotFromNow(60)), 'Pickup must be at least 2 hours from now');
    });

    it('refuses a pickup earlier today', async () => {
      const past = slotFromNow(-90);
      const res = await post(ride(past)).expect(400);
      // Just after midnight, 90 minutes ago was yesterday: the date itself is refused.
      const message = past.pickupDate === businessToday() ? 'Pickup must be at least 2 hours from now' : BOOKING_MESSAGES.pickupDatePast;
      expect(JSON.stringify(res.body)).toContain(message);
    });

    it('takes a pickup just past the lead time', async () => {
      await post(ride(slotFromNow(150))).expect(201);
    });
  });
  describe('luggage: the vehicle must hold it', () => {
    const trips = async () => Number((await db.query(`SELECT count(*) FROM booking.bookings WHERE trip_reference IS NOT NULL`)).rows[0].count);
    const tooMuch = (name: string, holds: number, bags: number) => `The ${name} holds ${holds} bags: choose a larger vehicle for ${bags} bags`;

    it('stores the luggage and shows it to the admin and to the driver the ride is assigned to', async () => {
      const booking = Booking.parse((await post(ride({ vehicleId: 2, luggage: 6 })).expect(201)).body);
      expect(booking.luggage).toBe(6);
      expect((await db.query(`SELECT luggage FROM booking.bookings WHERE id = $1`, [booking.id])).rows[0].luggage).toBe(6);
      const listed = (await request(stack.baseUrl).get('/api/admin/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[];
      expect(listed.find((b) => b.id === booking.id)?.luggage).toBe(6);
      const { agent, driver } = await signedInDriver(stack, { firstName: 'Bags' });
      await assign(stack, booking.id, driver.id).expect(200);
      const rides = (await agent.get('/api/drivers/current/bookings').expect(200)).body as { id: number; luggage?: number }[];
      expect(rides.find((r) => r.id === booking.id)?.luggage).toBe(6);
    });

    it("stores no bags for a client that sends none (the spec's)", async () => {
      const booking = Booking.parse((await post(ride()).expect(201)).body);
      expect(booking.luggage).toBe(0);
    });

    it('refuses more bags than the vehicle holds, naming the luggage field, and stores nothing', async () => {
      const before = await count();
      const res = await post(ride({ luggage: 4 })).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: tooMuch('Executive Sedan', 3, 4), errors: [{ path: 'luggage', message: tooMuch('Executive Sedan', 3, 4) }] });
      await post(ride({ vehicleId: 4, passengers: 2, luggage: 13 })).expect(400);
      expect(await count()).toBe(before);
    });

    it('refuses a round trip whose luggage the vehicle cannot hold, storing neither leg', async () => {
      const before = await trips();
      const { pickupDate } = ride();
      const res = await request(stack.baseUrl)
        .post('/api/trips')
        .send(ride({ luggage: 5, returnTrip: { pickupDate: addDays(pickupDate as string, 2), pickupTime: '18:00' } }))
        .expect(400);
      expect(res.body.errors).toEqual([{ path: 'luggage', message: tooMuch('Executive Sedan', 3, 5) }]);
      expect(await trips()).toBe(before);
    });

    it('refuses to assign a vehicle that cannot hold the ride\'s luggage (409)', async () => {
      const booking = Booking.parse((await post(ride({ vehicleId: 2, luggage: 5 })).expect(201)).body);
      const { driver } = await signedInDriver(stack, { firstName: 'Trunk' });
      const res = await assign(stack, booking.id, driver.id, 3).expect(409);
      expect(res.body.message).toBe(tooMuch('Stretch Limousine', 4, 5));
    });

    it.each([-1, 2.5, '2', 51])('refuses %p bags', async (luggage) => {
      const res = await post(ride({ luggage })).expect(400);
      expect(JSON.stringify(res.body)).toContain(BOOKING_MESSAGES.luggage);
    });
  });
});
