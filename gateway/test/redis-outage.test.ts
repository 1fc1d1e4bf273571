import request from 'supertest';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { book, NEW_PASSWORD, signedInDriver } from '../../tests/support/drivers.js';
import { startPrivateRedis, type PrivateRedis } from '../../tests/support/private-redis.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

// Redis holds driver sessions, sign-in counters and the job queues; it keeps nothing on disk.
// While it is down the public site and the back office must keep working, the driver's calls must
// fail clearly (503 in the spec's error format, never a 500 or a hang), and once it is back
// drivers sign in again and everything resumes by itself.
describe('the product while Redis is down', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  // Redis running again (a failed test may leave it down) for the stack to stop cleanly.
  const stack = withStack(() => ({ env: { REDIS_URL: redis.url } }), { beforeStop: () => redis?.start().catch(() => {}) });
  afterAll(() => redis?.stop());

  it('keeps bookings and the back office up, refuses driver calls clearly, and recovers', async () => {
    const { agent, driver } = await signedInDriver(stack);
    await redis.crash();

    const health = await request(stack.baseUrl).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.components.redis.status).toBe('down');
    expect(health.body.components.booking.status).toBe('up');

    const booking = await book(stack);
    expect(booking.id).toBeGreaterThan(0);
    await request(stack.baseUrl).get('/api/admin/stats').set('Authorization', adminAuth(stack)).expect(200);

    const current = await agent.get('/api/drivers/current');
    expect(current.status).toBe(503);
    expect(current.body).toEqual({ statusCode: 503, message: expect.stringMatching(/try again/i) });
    const login = await request(stack.baseUrl).post('/api/drivers/login').send({ username: driver.username, password: NEW_PASSWORD });
    expect(login.status).toBe(503);
    expect(login.body).toEqual({ statusCode: 503, message: expect.stringMatching(/try again/i) });

    await redis.start();
    // Redis came back empty: the old session is gone, a new sign-in works.
    const again = request.agent(stack.baseUrl);
    await eventually(async () => (await again.post('/api/drivers/login').send({ username: driver.username, password: NEW_PASSWORD })).status === 200, 15_000, 'driver sign-in after Redis returns');
    await again.get('/api/drivers/current').expect(200);
    await eventually(async () => (await request(stack.baseUrl).get('/api/health')).status === 200, 15_000, 'health ok again');
  }, 90_000);
});
