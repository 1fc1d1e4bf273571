import request from 'supertest';
import { addDays, type Booking } from '@limo/contracts';
import { businessToday } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { book } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';

/** GET /api/admin/bookings with the list's filters, search and cursor paging. */
describe('admin bookings list: filters, search and paging', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] });
  let mine: Booking[];
  const run = Date.now().toString(36);

  beforeAll(async () => {
    mine = [
      await book(stack, { firstName: 'Quinn', lastName: `Harper${run}`, phone: '(310) 555-7788' }, 1, '15:00'),
      await book(stack, { firstName: 'Rosa', lastName: `Harper${run}` }, 3, '15:00'),
      await book(stack, { firstName: 'Sam', lastName: `Ito${run}` }, 9, '15:00'),
    ];
    await request(stack.baseUrl).patch(`/api/bookings/${mine[1].id}`).set('Authorization', adminAuth(stack)).send({ status: 'confirmed' }).expect(200);
  });

  const list = (query: Record<string, string | number>) => request(stack.baseUrl).get('/api/admin/bookings').query(query).set('Authorization', adminAuth(stack));
  const ids = (res: { body: Booking[] }) => res.body.map((b) => b.id);

  it('finds by reference, name, email and the phone digits however written', async () => {
    expect(ids(await list({ q: mine[0].reference.toLowerCase() }).expect(200))).toEqual([mine[0].id]);
    expect(ids(await list({ q: `harper${run}` }).expect(200))).toEqual([mine[1].id, mine[0].id]);
    expect(ids(await list({ q: `rosa harper${run}` }).expect(200))).toEqual([mine[1].id]);
    expect(ids(await list({ q: mine[2].email.toUpperCase() }).expect(200))).toEqual([mine[2].id]);
    expect(ids(await list({ q: '3105557788' }).expect(200))).toEqual([mine[0].id]);
    expect(ids(await list({ q: '%' }).expect(200))).toEqual([]);
  });

  it('filters by status and by a range of pickup dates (today, the next 7 days)', async () => {
    const today = businessToday();
    expect(ids(await list({ q: run, status: 'confirmed' }).expect(200))).toEqual([mine[1].id]);
    expect(ids(await list({ q: run, from: today, to: addDays(today, 6) }).expect(200))).toEqual([mine[1].id, mine[0].id]);
    expect(ids(await list({ q: run, from: addDays(today, 9), to: addDays(today, 9) }).expect(200))).toEqual([mine[2].id]);
  });

  it('pages with a cursor: X-Next-Cursor continues where the page stopped', async () => {
    const first = await list({ q: run, limit: 2 }).expect(200);
    expect(ids(first)).toEqual([mine[2].id, mine[1].id]);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBe(String(mine[1].id));
    const second = await list({ q: run, limit: 2, cursor }).expect(200);
    expect(ids(second)).toEqual([mine[0].id]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses a bad status, date or range with a 400', async () => {
    await list({ status: 'lost' }).expect(400);
    await list({ from: '2026-02-30' }).expect(400);
    const res = await list({ from: '2026-05-02', to: '2026-05-01' }).expect(400);
    expect(JSON.stringify(res.body)).toContain('from must not be after to');
  });
});
