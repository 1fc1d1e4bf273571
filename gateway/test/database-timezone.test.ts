import request from 'supertest';
import type { Booking } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, signedInDriver } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * A PostgreSQL server set up in Los Angeles time (`timezone` is a server setting, often the
 * host's zone) must not move any instant: Prisma's pg adapter writes and reads timestamptz
 * values as UTC without saying so, which is right only in a UTC session, so every connection
 * sets its session to UTC.
 */
describe('a database server in another time zone than UTC', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'], databaseTimeZone: 'America/Los_Angeles' });

  it('keeps every instant of a booking and its assignment where it happened', async () => {
    const { driver } = await signedInDriver(stack);
    const before = Date.now();
    const ride = await book(stack, {}, 3, '10:00');
    await assign(stack, ride.id, driver.id).expect(200);
    const after = Date.now();
    const stored = ((await request(stack.baseUrl).get('/api/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[]).find((b) => b.id === ride.id)!;
    const within = (iso: string | null, from: number, to: number) => {
      const at = Date.parse(iso!);
      return at >= from - 1000 && at <= to + 1000;
    };
    expect({ createdAt: stored.createdAt, ok: within(stored.createdAt, before, after) }).toEqual({ createdAt: stored.createdAt, ok: true });
    expect({ assignedAt: stored.assignedAt, ok: within(stored.assignedAt, before, after) }).toEqual({ assignedAt: stored.assignedAt, ok: true });
    const deadline = Date.parse(stored.responseDeadline!) - Date.parse(stored.assignedAt!);
    expect(deadline).toBe(900_000);
  });
});
