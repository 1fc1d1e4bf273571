import request from 'supertest';
import { addDays, businessInstant, businessToday, type DispatchBoard } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, signedInDriver } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';

/** The dispatch board's one request (issue 35): a day's rides with their blocks, and the drivers. */
describe('the dispatch board API', () => {
  const stack = withStack({});
  const board = async (date: string) => (await request(stack.baseUrl).get(`/api/admin/dispatch?date=${date}`).set('Authorization', adminAuth(stack)).expect(200)).body as DispatchBoard;

  it("answers a day's rides, each from its pickup to the end of its block, unassigned or with the offer waiting, and the drivers", async () => {
    const days = 30;
    const date = addDays(businessToday(), days);
    const { driver } = await signedInDriver(stack);
    const { driver: offDuty } = await signedInDriver(stack, { onDuty: false });
    const oneWay = await book(stack, {}, days, '09:00');
    const hourly = await book(stack, { tripType: 'hourly', duration: 3, dropoffLocation: undefined, vehicleId: 2 }, days, '12:00');
    const cancelled = await book(stack, { vehicleId: 3 }, days, '15:00');
    const nextDay = await book(stack, {}, days + 1, '09:00');
    await request(stack.baseUrl).patch(`/api/bookings/${cancelled.id}`).set('Authorization', adminAuth(stack)).send({ status: 'cancelled' }).expect(200);
    const offered = (await assign(stack, hourly.id, driver.id).expect(200)).body as { responseDeadline: string };

    const answer = await board(date);
    const references = answer.rides.map((r) => r.reference);
    expect(references).toEqual(expect.arrayContaining([oneWay.reference, hourly.reference]));
    expect(references).not.toContain(cancelled.reference);
    expect(references).not.toContain(nextDay.reference);
    expect(answer.date).toBe(date);

    // One-way: 120 minutes plus 30 of turnaround; hourly: its 3 hours plus 30.
    const bar = (id: number) => answer.rides.find((r) => r.id === id)!;
    expect(bar(oneWay.id)).toMatchObject({
      pickupTime: '09:00',
      pickupAt: businessInstant(date, '09:00').toISOString(),
      blockEnd: businessInstant(date, '11:30').toISOString(),
      driverId: null,
      responseDeadline: null,
      customerName: 'Riley Rider',
      pickup: { lat: expect.any(Number), lon: expect.any(Number) },
    });
    expect(bar(hourly.id)).toMatchObject({ blockEnd: businessInstant(date, '15:30').toISOString(), driverId: driver.id, driverResponse: 'pending', responseDeadline: offered.responseDeadline });

    expect(answer.drivers).toEqual(
      expect.arrayContaining([
        { id: driver.id, name: `${driver.firstName} ${driver.lastName}`, onDuty: true, location: null },
        expect.objectContaining({ id: offDuty.id, onDuty: false }),
      ]),
    );

    // A deactivated driver has no row; one sharing a position has it on theirs.
    const { driver: gone } = await signedInDriver(stack, { onDuty: false });
    await request(stack.baseUrl).patch(`/api/admin/drivers/${gone.id}`).set('Authorization', adminAuth(stack)).send({ isActive: false }).expect(200);
    const { agent: sharing, driver: shared } = await signedInDriver(stack);
    await sharing.post('/api/drivers/current/location').send({ latitude: 34.0522, longitude: -118.2437 }).expect(200);
    const later = await board(date);
    expect(later.drivers.map((d) => d.id)).not.toContain(gone.id);
    expect(later.drivers.find((d) => d.id === shared.id)?.location).toEqual({ lat: 34.0522, lon: -118.2437, at: expect.any(String) });
  });

  it('answers 304 to a refetch of a board that has not changed', async () => {
    const date = addDays(businessToday(), 32);
    await book(stack, {}, 32, '08:00');
    const first = await request(stack.baseUrl).get(`/api/admin/dispatch?date=${date}`).set('Authorization', adminAuth(stack)).expect(200);
    await request(stack.baseUrl).get(`/api/admin/dispatch?date=${date}`).set('Authorization', adminAuth(stack)).set('If-None-Match', first.headers.etag).expect(304);
  });

  it('refuses a date that is not one with 400, and anyone but the admin with 401', async () => {
    for (const date of ['2026-02-30', 'tomorrow', '2026-1-5', '']) {
      const res = await request(stack.baseUrl).get(`/api/admin/dispatch?date=${date}`).set('Authorization', adminAuth(stack)).expect(400);
      expect(res.body.message).toMatch(/date must be a date/);
    }
    await request(stack.baseUrl).get('/api/admin/dispatch').set('Authorization', adminAuth(stack)).expect(400);
    await request(stack.baseUrl).get(`/api/admin/dispatch?date=${businessToday()}`).expect(401);
  });

  it('leaves the board as it was when a drag onto an off-duty or busy driver is refused', async () => {
    const days = 31;
    const date = addDays(businessToday(), days);
    const { driver: offDuty } = await signedInDriver(stack, { onDuty: false });
    const { driver: busy } = await signedInDriver(stack);
    const held = await book(stack, {}, days, '10:00');
    const ride = await book(stack, { vehicleId: 2 }, days, '11:00');
    await assign(stack, held.id, busy.id).expect(200);

    expect((await assign(stack, ride.id, offDuty.id).expect(409)).body.message).toBe('This driver is off duty');
    expect((await assign(stack, ride.id, busy.id).expect(409)).body.message).toBe(`This driver already has ride ${held.reference} at that time`);
    expect((await board(date)).rides.find((r) => r.id === ride.id)).toMatchObject({ driverId: null, driverResponse: null, responseDeadline: null });
  });
});
