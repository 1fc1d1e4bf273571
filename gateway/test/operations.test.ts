import request from 'supertest';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { withStack } from '../../tests/support/fixtures.js';

/** What an operator's tools read from the gateway: Prometheus metrics, probes, request ids. */
describe('gateway operations endpoints', () => {
  const stack = withStack({ services: ['fleet', 'drivers'] });

  it('serves Prometheus metrics only with admin credentials, with the latency of each matched route', async () => {
    await request(stack.baseUrl).get('/api/vehicles').expect(200);
    await request(stack.baseUrl).get('/metrics').expect(401);
    const res = await request(stack.baseUrl).get('/metrics').set('Authorization', adminAuth(stack)).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^http_request_duration_seconds_count\{service="gateway",method="GET",route="\/api\/vehicles",status="200"\} [1-9]/m);
    // The metrics' own route, the web app's pages and unknown API paths by name, never their paths.
    await request(stack.baseUrl).get('/booking').expect(200);
    await request(stack.baseUrl).get('/api/no-such-thing/42').expect(404);
    const again = await request(stack.baseUrl).get('/metrics').set('Authorization', adminAuth(stack)).expect(200);
    expect(again.text).toMatch(/^http_request_duration_seconds_count\{service="gateway",method="GET",route="\/metrics",status="401"\} [1-9]/m);
    expect(again.text).toMatch(/^http_request_duration_seconds_count\{service="gateway",method="GET",route="web",status="200"\} [1-9]/m);
    expect(again.text).toMatch(/^http_request_duration_seconds_count\{service="gateway",method="GET",route="unmatched",status="404"\} [1-9]/m);
    expect(again.text).not.toContain('no-such-thing');
    expect(res.text).toContain('process_resident_memory_bytes');
  });

  it('answers liveness and readiness probes apart from the full health report', async () => {
    const live = await request(stack.baseUrl).get('/api/health/live').expect(200);
    expect(live.body).toMatchObject({ status: 'ok', details: { process: { status: 'up' } } });
    const ready = await request(stack.baseUrl).get('/api/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ok', details: { nats: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('echoes the caller\'s request id, or gives a new one', async () => {
    const given = await request(stack.baseUrl).get('/api/vehicles').set('x-request-id', 'op-test-123').expect(200);
    expect(given.headers['x-request-id']).toBe('op-test-123');
    const fresh = await request(stack.baseUrl).get('/api/vehicles').expect(200);
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
