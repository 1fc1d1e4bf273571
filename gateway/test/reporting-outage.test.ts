/**
 * A reporting outage seen from the admin's revenue, dashboard and reports calls: figures the
 * gateway had are served marked as stale, others are a 503 that says the figures are unavailable,
 * never a 500.
 */
import pg from 'pg';
import request from 'supertest';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { withStack } from '../../tests/support/fixtures.js';
import { FIGURES_UNAVAILABLE } from '../src/admin/reporting-answers.js';

describe('the admin figures while reporting is out', () => {
  let db: pg.Client;
  // Nothing kept between calls: every answer asks reporting.
  const stack = withStack({ services: ['fleet', 'booking', 'drivers', 'reporting'], env: { REPORTING_CACHE_MS: '0' } }, { beforeStop: () => db?.end() });

  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });

  const get = (path: string) => request(stack.baseUrl).get(path).set('Authorization', adminAuth(stack));
  const SEEN = ['/api/admin/revenue/summary', '/api/admin/revenue/monthly?year=2025', '/api/admin/stats'];
  const UNSEEN = ['/api/admin/revenue/daily?month=2&year=2025', '/api/admin/revenue/monthly?year=2024', '/api/admin/reports', '/api/admin/reports/revenue.csv'];

  /**
   * The outage's answers: what was seen comes back as it was, marked stale and not to be stored
   * (not even as a 304 to a browser holding the fresh answer); the rest is a 503 in the error format.
   */
  async function expectOutageAnswers(before: Map<string, { body: unknown; etag: string }>) {
    for (const path of SEEN) {
      const res = await get(path).set('If-None-Match', before.get(path)!.etag);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.body).toEqual(before.get(path)!.body);
      expect(Date.parse(res.headers['figures-as-of'])).toBeLessThanOrEqual(Date.now());
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    for (const path of UNSEEN) {
      const res = await get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 503, body: { statusCode: 503, message: FIGURES_UNAVAILABLE } });
    }
  }

  it('serves the figures it had marked as stale and a 503 for the rest while reporting cannot read its projections, then fresh ones again', async () => {
    const before = new Map<string, { body: unknown; etag: string }>();
    for (const path of SEEN) {
      const res = await get(path).expect(200);
      expect(res.headers['figures-as-of']).toBeUndefined();
      before.set(path, { body: res.body, etag: res.headers.etag });
    }
    await db.query('ALTER SCHEMA reporting RENAME TO reporting_away');
    try {
      await expectOutageAnswers(before);
    } finally {
      await db.query('ALTER SCHEMA reporting_away RENAME TO reporting');
    }
    const after = await get('/api/admin/revenue/summary').expect(200);
    expect(after.headers['figures-as-of']).toBeUndefined();
  });

  it('does the same while no reporting process runs', async () => {
    const before = new Map<string, { body: unknown; etag: string }>();
    for (const path of SEEN) {
      const res = await get(path).expect(200);
      before.set(path, { body: res.body, etag: res.headers.etag });
    }
    await stack.stopService('reporting');
    await expectOutageAnswers(before);
  });
});
