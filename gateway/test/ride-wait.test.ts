import pg from 'pg';
import request from 'supertest';
import type { Booking, DriverRide } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, signedInDriver } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';

/*
 * The wait at the pickup (decisions.md, "Airport rides"; issue 34): "Arrived" starts the clock,
 * "Passenger Picked Up" stops it; 60 minutes free at an airport or with meet and greet, 15
 * elsewhere; each started minute after that at the vehicle's hourly rate from the rate table.
 */

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const HOTEL = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';

describe('the wait at the pickup', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] });

  /**
   * Moves the pickup to the half-hour slot at or before `pickupMinutesAgo` (Los Angeles time, as
   * pickups are booked) and the driver's arrival to `arrivedMinutesAgo`; answers the pickup instant.
   */
  async function backdate(bookingId: number, pickupMinutesAgo: number, arrivedMinutesAgo: number): Promise<Date> {
    const client = new pg.Client({ connectionString: stack.env.databaseUrl });
    await client.connect();
    try {
      const local = `date_bin('30 minutes', (now() AT TIME ZONE 'America/Los_Angeles') - make_interval(mins => $2), timestamp '2000-01-01')`;
      const { rows } = await client.query<{ pickup_at: Date }>(
        `UPDATE booking.bookings SET pickup_date = (${local})::date, pickup_time = to_char(${local}, 'HH24:MI'), arrived_at = now() - make_interval(secs => $3) WHERE id = $1 RETURNING pickup_at`,
        [bookingId, pickupMinutesAgo, arrivedMinutesAgo * 60],
      );
      return rows[0].pickup_at;
    } finally {
      await client.end();
    }
  }

  async function rideTo(status: 'arrived', over: Record<string, unknown>, daysAhead: number) {
    // A day of its own: the rides share vehicle 1, which one ride holds for its span.
    const booking = await book(stack, { meetGreet: false, ...over }, daysAhead);
    const { agent, driver } = await signedInDriver(stack);
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);
    await agent.put(`/api/bookings/${booking.id}/driver-status`).send({ driverStatus: 'en-route' }).expect(200);
    const arrived = (await agent.put(`/api/bookings/${booking.id}/driver-status`).send({ driverStatus: status }).expect(200)).body as DriverRide;
    return { booking, agent, arrived };
  }

  it('charges 15 of 75 minutes at an airport at the sedan’s hourly rate, and shows the wait to the driver and the admin', async () => {
    const { booking, agent, arrived } = await rideTo('arrived', { pickupLocation: LAX, dropoffLocation: HOTEL }, 3);
    expect(arrived.arrivedAt).toBeTruthy();
    expect(arrived.wait).toBeNull();
    // The passenger came out 74.5 minutes after the driver arrived, the pickup time five minutes before that.
    await backdate(booking.id, 80, 74.5);
    const picked = (await agent.put(`/api/bookings/${booking.id}/driver-status`).send({ driverStatus: 'picked-up' }).expect(200)).body as DriverRide;
    const rates = (await request(stack.baseUrl).get('/api/admin/rates').set('Authorization', adminAuth(stack)).expect(200)).body as { table: { vehicles: { vehicleId: number; hourlyRate: string }[] } };
    const hourly = Number(rates.table.vehicles.find((v) => v.vehicleId === 1)!.hourlyRate);
    expect(picked.wait).toEqual({ minutes: 75, freeMinutes: 60, chargedMinutes: 15, charge: (Math.round(hourly * 100 * 15 / 60) / 100).toFixed(2) });

    const listed = (await request(stack.baseUrl).get('/api/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[];
    expect(listed.find((b) => b.id === booking.id)?.wait).toEqual(picked.wait);
  });

  it('gives 15 free minutes at a hotel, and counts from the pickup time when the driver came early', async () => {
    const { booking, agent } = await rideTo('arrived', { pickupLocation: HOTEL, dropoffLocation: LAX }, 4);
    // Arrived 60 minutes ago; the pickup time 20-50 minutes ago (its half-hour slot): the wait counts from it.
    const pickupAt = await backdate(booking.id, 20, 60);
    const picked = (await agent.put(`/api/bookings/${booking.id}/driver-status`).send({ driverStatus: 'picked-up' }).expect(200)).body as DriverRide;
    const sincePickup = (Date.now() - pickupAt.getTime()) / 60_000;
    expect(picked.wait).toMatchObject({ freeMinutes: 15 });
    expect(picked.wait!.minutes).toBeGreaterThanOrEqual(20);
    expect(picked.wait!.minutes).toBeLessThanOrEqual(Math.ceil(sincePickup));
    expect(picked.wait!.chargedMinutes).toBe(picked.wait!.minutes - 15);
  });

  it('measures no wait when the driver did not report "Arrived"', async () => {
    const booking = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL }, 5);
    const { agent, driver } = await signedInDriver(stack);
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);
    for (const status of ['en-route', 'picked-up']) await agent.put(`/api/bookings/${booking.id}/driver-status`).send({ driverStatus: status }).expect(200);
    const rides = (await agent.get('/api/drivers/current/bookings').expect(200)).body as DriverRide[];
    expect(rides.find((r) => r.id === booking.id)).toMatchObject({ arrivedAt: null, wait: null });
  });
});
