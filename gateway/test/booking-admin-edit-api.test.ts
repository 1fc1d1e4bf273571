import request from 'supertest';
import { Booking, BOOKING_MESSAGES, type TimelineEntry } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, signedInDriver } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';

/*
 * PATCH /api/bookings/{id} as the admin's booking dialog uses it: the version as read (a stale
 * one is refused), and the ride itself changed and re-priced with the same pricing module, the
 * old quote kept in the booking's history, the overlap rule kept for a ride with a driver.
 * `book()` makes a ride 3 days ahead at 10:30 from Santa Monica to Downtown with meet and greet
 * (vehicle 1, $326.03).
 */
describe('admin edits of a booking', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] });

  const patch = (id: number, body: Record<string, unknown>) =>
    request(stack.baseUrl).patch(`/api/bookings/${id}`).set('Authorization', adminAuth(stack)).send(body);
  const read = async (id: number) => {
    const all = (await request(stack.baseUrl).get('/api/admin/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[];
    return all.find((b) => b.id === id)!;
  };
  const timeline = async (id: number) =>
    (await request(stack.baseUrl).get(`/api/admin/bookings/${id}/timeline`).set('Authorization', adminAuth(stack)).expect(200)).body as TimelineEntry[];

  describe('version', () => {
    it('saves an edit made against the current version and moves the version on', async () => {
      const ride = await book(stack);
      const saved = Booking.parse((await patch(ride.id, { version: ride.version, adminNotes: 'VIP' }).expect(200)).body);
      expect(saved).toMatchObject({ adminNotes: 'VIP', version: ride.version + 1 });
    });

    it('refuses an edit made against an older version (409) and changes nothing', async () => {
      const ride = await book(stack);
      await patch(ride.id, { version: ride.version, status: 'confirmed' }).expect(200);
      const res = await patch(ride.id, { version: ride.version, adminNotes: 'overwrites the other admin' }).expect(409);
      expect(res.body).toEqual({ statusCode: 409, message: 'This booking was changed by someone else' });
      expect(await read(ride.id)).toMatchObject({ status: 'confirmed', adminNotes: null, version: ride.version + 1 });
    });

    it('still takes an edit without a version (the spec front end sends none)', async () => {
      const ride = await book(stack);
      await patch(ride.id, { status: 'cancelled' }).expect(200);
    });

    it('refuses a version that is not a positive whole number', async () => {
      const ride = await book(stack);
      const res = await patch(ride.id, { version: 'one', status: 'confirmed' }).expect(400);
      expect(JSON.stringify(res.body)).toContain(BOOKING_MESSAGES.version);
    });
  });

  describe('changing the ride', () => {
    it('re-prices a change of vehicle and time and keeps the old quote in the history', async () => {
      const ride = await book(stack);
      // Santa Monica to Downtown Los Angeles $90.00 and meet and greet $25.00, all-in.
      expect(ride.price.total).toBe('115.00');
      const res = await patch(ride.id, { version: ride.version, vehicleId: 2, pickupTime: '21:00', passengers: 2 }).expect(200);
      const saved = Booking.parse(res.body);
      // SUV fare $117.00 (130% of $90.00), Late Flight Love -$11.70, meet and greet $25.00.
      expect(saved).toMatchObject({ vehicleId: 2, pickupTime: '21:00', passengers: 2, totalAmount: '130.30', version: ride.version + 1 });
      expect(saved.price).toMatchObject({ fare: '117.00', offer: { code: 'late-flight-love', saving: '11.70' }, total: '130.30' });
      const edit = (await timeline(ride.id)).find((entry) => entry.kind === 'edited')!;
      expect(edit.detail).toContain('time 10:30 → 21:00');
      // Vehicles by name, not by their internal ids.
      const suv = ((await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as { id: number; name: string }[]).find((v) => v.id === 2)!.name;
      expect(edit.detail).toContain(`vehicle Executive Sedan → ${suv} (pickup`);
      expect(edit.detail).not.toMatch(/vehicle \d/);
      expect(edit.detail).toContain('Re-priced $115.00 → $130.30');
      expect(edit.detail).toContain('Previous quote: Transfer fare: Santa Monica to Downtown Los Angeles $90.00, Meet & Greet $25.00, total $115.00');
    });

    it('makes a one-way ride hourly with its hours, dropping the drop-off', async () => {
      const ride = await book(stack);
      const saved = Booking.parse((await patch(ride.id, { tripType: 'hourly', duration: 4 }).expect(200)).body);
      // 4 hours at $100.00 and meet and greet $25.00.
      expect(saved).toMatchObject({ tripType: 'hourly', duration: 4, dropoffLocation: null, totalAmount: '425.00' });
    });

    it('refuses an hourly ride with no hours, a party the vehicle cannot seat and a vehicle out of service, changing nothing', async () => {
      const ride = await book(stack);
      expect((await patch(ride.id, { tripType: 'hourly' }).expect(400)).body.message).toBe(BOOKING_MESSAGES.durationRequired);
      expect((await patch(ride.id, { passengers: 5 }).expect(400)).body.message).toBe('The Executive Sedan seats 3: choose a larger vehicle for 5 passengers');
      expect((await patch(ride.id, { vehicleId: 999 }).expect(400)).body.message).toBe('Vehicle 999 is not available: choose one of the active vehicles');
      expect(await read(ride.id)).toMatchObject({ version: ride.version, tripType: 'one-way', passengers: null, vehicleId: 1, totalAmount: '115.00' });
    });

    it('refuses a vehicle that cannot hold the ride\'s luggage, naming the luggage field, changing nothing', async () => {
      const ride = await book(stack, { vehicleId: 2, luggage: 5 });
      const res = await patch(ride.id, { vehicleId: 1 }).expect(400);
      expect(res.body.errors).toEqual([{ path: 'luggage', message: 'The Executive Sedan holds 3 bags: choose a larger vehicle for 5 bags' }]);
      expect(await read(ride.id)).toMatchObject({ version: ride.version, vehicleId: 2, luggage: 5 });
    });

    it('writes nothing when the ride is sent back unchanged', async () => {
      const ride = await book(stack);
      const saved = Booking.parse((await patch(ride.id, { pickupTime: ride.pickupTime, vehicleId: 1 }).expect(200)).body);
      expect(saved.version).toBe(ride.version);
    });
  });

  describe('a ride with a driver keeps the overlap rule', () => {
    it('refuses to move a ride onto another of its driver\'s rides (409 naming it), and moves it to a free time', async () => {
      const { agent, driver } = await signedInDriver(stack, { firstName: 'Overlap' });
      const morning = await book(stack, {}, 4, '10:30');
      const afternoon = await book(stack, { vehicleId: 2 }, 4, '16:00');
      for (const ride of [morning, afternoon]) {
        await assign(stack, ride.id, driver.id).expect(200);
        await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
      }
      const current = await read(afternoon.id);
      const res = await patch(afternoon.id, { version: current.version, pickupTime: '11:30' }).expect(409);
      expect(res.body.message).toBe(`This driver already has ride ${morning.reference} at that time`);
      expect(await read(afternoon.id)).toMatchObject({ pickupTime: '16:00', version: current.version });
      // 13:00 is when the morning ride's 2 hours and 30 minutes of turnaround end.
      await patch(afternoon.id, { version: current.version, pickupTime: '13:00' }).expect(200);
    });
  });
});
