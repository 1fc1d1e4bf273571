import pg from 'pg';
import { addDays, businessToday } from '@limo/contracts';
import { DATABASE_UNAVAILABLE } from '@limo/messaging';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * The database's connections terminated under a burst of bookings (an operator's
 * pg_terminate_backend, a failover): a request caught by it is a 503 the client may retry,
 * never a 500, and every booking answered 201 is there.
 */
describe('bookings while the database connections are cut', () => {
  let admin: pg.Client;
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] }, { beforeStop: () => admin?.end() });

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: stack.env.databaseUrl });
    await admin.connect();
  }, 60_000);

  it('answers 201 or 503 (with a message saying to try again), never 500, and keeps every booking it acknowledged', async () => {
    const database = new URL(stack.env.databaseUrl).pathname.slice(1);
    const answers: { status: number; body: { id?: number; message?: string } }[] = [];
    for (let round = 0; round < 6; round++) {
      const burst = Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(`${stack.baseUrl}/api/bookings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            tripType: 'one-way',
            pickupDate: addDays(businessToday(), 3 + i),
            pickupTime: '10:30',
            pickupLocation: 'LAX - Los Angeles International Airport',
            dropoffLocation: 'Downtown Los Angeles',
            vehicleId: 1,
            firstName: 'Riley',
            lastName: 'Rider',
            email: 'riley@example.com',
            phone: '3105559876',
            paymentMethod: 'phone-card',
          }),
        });
        answers.push({ status: res.status, body: await res.json() });
      });
      // Mid-burst: every connection of this test's database but our own.
      await new Promise((r) => setTimeout(r, 20 + round * 10));
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
      await Promise.all(burst);
    }
    const statuses = [...new Set(answers.map((a) => a.status))].sort();
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    for (const refused of answers.filter((a) => a.status === 503)) expect(refused.body.message).toBe(DATABASE_UNAVAILABLE);
    const acked = answers.filter((a) => a.status === 201).map((a) => a.body.id!);
    expect(acked.length).toBeGreaterThan(0);
    const { rows } = await admin.query<{ id: number }>('SELECT id FROM booking.bookings WHERE id = ANY($1)', [acked]);
    expect(rows.length).toBe(acked.length);
  }, 60_000);
});
