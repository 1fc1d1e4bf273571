import request from 'supertest';
import { fromCents, toCents, type Booking } from '@limo/contracts';
import { adminAuth } from '../../../tests/support/admin-auth.js';
import { eventually, startTestStack } from '../../../tests/support/stack.js';
import { withStack } from '../../../tests/support/fixtures.js';

describe('demo bookings (SEED_DEMO_BOOKINGS=true)', () => {
  // The drivers service before the booking service, as separate processes would have it: the
  // seeding waits for the demo drivers its rides are given to, and this stack starts one at a time.
  const stack = withStack({ services: ['fleet', 'drivers', 'booking', 'reporting', 'notifications', 'customers'], env: { SEED_DEMO_BOOKINGS: 'true' } });

  const bookings = async () =>
    (await request(stack.baseUrl).get('/api/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[];

  it('adds ten priced bookings in every status through the real create and edit paths', async () => {
    const all = await bookings();
    expect(all).toHaveLength(10);
    const byStatus = all.reduce<Record<string, number>>((acc, b) => ({ ...acc, [b.status]: (acc[b.status] ?? 0) + 1 }), {});
    expect(byStatus).toEqual({ pending: 4, confirmed: 2, 'in-progress': 1, completed: 2, cancelled: 1 });
    for (const booking of all) {
      expect(booking.reference).toMatch(/^LX-/);
      expect(toCents(booking.totalAmount)).toBeGreaterThan(0);
    }
  });

  it("gives each confirmed, under-way and completed ride a demo driver who accepted it, and each completed ride its driver's earnings", async () => {
    const all = await bookings();
    const drivers = (await request(stack.baseUrl).get('/api/drivers').set('Authorization', adminAuth(stack)).expect(200)).body as { id: number; email: string }[];
    const demoDriverIds = new Set(drivers.filter((d) => d.email.endsWith('@demo.prestigelimo.example')).map((d) => d.id));
    const driven = all.filter((b) => ['confirmed', 'in-progress', 'completed'].includes(b.status));
    expect(driven).toHaveLength(5);
    for (const booking of driven) {
      expect(demoDriverIds.has(booking.driverId!)).toBe(true);
      expect(booking.driverResponse).toBe('accepted');
    }
    for (const booking of driven.filter((b) => b.status === 'completed')) expect(toCents(booking.driverEarnings ?? '0')).toBeGreaterThan(0);
    for (const booking of all.filter((b) => b.status === 'pending' || b.status === 'cancelled')) expect(booking.driverId).toBeNull();
  });

  it('adds nothing more when another replica starts', async () => {
    await stack.startService('booking');
    expect(await bookings()).toHaveLength(10);
  });

  it('shows up in the dashboard figures through the booking events', async () => {
    const completed = (await bookings()).filter((b) => b.status === 'completed');
    const expected = fromCents(completed.reduce((sum, b) => sum + toCents(b.totalAmount), 0));
    const stats = await eventually(async () => {
      const res = await request(stack.baseUrl).get('/api/admin/stats').set('Authorization', adminAuth(stack)).expect(200);
      return res.body.totalBookings === 10 && res.body.completedBookings === 2 ? res.body : undefined;
    }, 15_000, 'reporting to count the demo bookings');
    expect(stats).toMatchObject({ pendingRequests: 4, totalRevenue: expected });
  });

  it('waits for the fleet service when the booking service starts first, instead of failing its start', async () => {
    const early = await startTestStack({ services: ['drivers'], env: { SEED_DEMO_BOOKINGS: 'true' } });
    try {
      const booking = early.startService('booking');
      // The booking service asks the fleet for prices while no fleet service answers.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await early.startService('fleet');
      await booking;
      const all = (await request(early.baseUrl).get('/api/bookings').set('Authorization', adminAuth(early)).expect(200)).body as Booking[];
      expect(all).toHaveLength(10);
    } finally {
      await early.stop();
    }
  });
});
