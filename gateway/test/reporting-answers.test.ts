/**
 * The gateway keeps the dashboard's answers between reporting's change announcements: polls
 * cost nothing while nothing changes, and a change shows as soon as reporting has applied it.
 */
import pg from 'pg';
import request from 'supertest';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { book } from '../../tests/support/drivers.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

describe('dashboard answers kept by the gateway between changes', () => {
  let db: pg.Client;
  const stack = withStack({ services: ['fleet', 'booking', 'drivers', 'reporting'], env: { REPORTING_CACHE_MS: '60000' } }, { beforeStop: () => db?.end() });
  let auth: string;

  beforeAll(async () => {
    auth = adminAuth(stack);
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });

  const stats = () => request(stack.baseUrl).get('/api/admin/stats').set('Authorization', auth).set('Accept-Encoding', 'gzip').expect(200);

  it('answers from its copy until reporting announces a change, then shows every change', async () => {
    const first = await stats();
    // A change behind reporting's back (no event, no announcement): the kept answer stands.
    await db.query(`INSERT INTO reporting.booking_status_totals (status, bookings, amount_cents) VALUES ('cancelled', 1000, 0)
                    ON CONFLICT (status) DO UPDATE SET bookings = booking_status_totals.bookings + 1000`);
    expect((await stats()).body).toEqual(first.body);
    // A booking: reporting applies its event, announces, and the next answer has both.
    await book(stack);
    await eventually(async () => (await stats()).body.totalBookings === first.body.totalBookings + 1001, 10_000, 'the new booking on the dashboard');
  });

  it('sends the kept answer compressed, with an ETag that makes a repeat a 304, and only to an admin', async () => {
    const res = await stats();
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    await request(stack.baseUrl).get('/api/admin/stats').set('Authorization', auth).set('If-None-Match', res.headers.etag).expect(304);
    await request(stack.baseUrl).get('/api/admin/stats').expect(401);
    await request(stack.baseUrl).get('/api/admin/stats').set('If-None-Match', res.headers.etag).expect(401);
  });
});
