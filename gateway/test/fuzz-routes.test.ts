import fc from 'fast-check';
import request from 'supertest';
import { hasControlCharacters, stringLeaves } from '@limo/contracts';
import { RouteTable } from '../src/auth/route-table.js';
import { routeInputs } from '../src/docs/route-inputs.js';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { describeFailures, fuzzRoutes, WriteWatch } from '../../tests/support/fuzz.js';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * Property-based fuzzing of every route of the route table (tests/support/fuzz.ts says what is
 * sent and what must hold): no 5xx, the API's error body on every 4xx, no partial write.
 * FUZZ_REQUESTS sizes the run (1,000 here; the chaos run sends 10,000 or more), FUZZ_SEED
 * replays one (the seed is printed when a run fails), FUZZ_CONCURRENCY sends several at once
 * (then the row-count part of the partial-write check is off), FUZZ_REPORT prints the figures.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 1);

describe('every route under fuzzing', () => {
  const stack = withStack();

  const routeTable = () => stack.gateway.get(RouteTable).list();

  it(`answers ${REQUESTS} generated requests over every route with no 5xx, the error format on every 4xx and no partial write`, async () => {
    const { ADMIN_USERNAME, ADMIN_PASSWORD } = stack.env.gatewayConfig;
    const report = await fuzzRoutes({
      baseUrl: stack.baseUrl,
      requests: REQUESTS,
      admin: { username: ADMIN_USERNAME!, password: ADMIN_PASSWORD! },
      databaseUrl: stack.env.databaseUrl,
      seed: SEED,
      concurrency: CONCURRENCY,
    });
    const expected = routeTable()
      .filter((r) => !r.streams)
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
      .sort();
    expect(Object.keys(report.byRoute).sort()).toEqual(expected);
    expect(report.requests).toBe(REQUESTS);
    // Some requests must get past validation, or the fuzz only tests the pipes.
    const passed = Object.entries(report.byStatus).filter(([status]) => Number(status) < 300).reduce((n, [, count]) => n + count, 0);
    expect(passed).toBeGreaterThan(REQUESTS / 20);
    expect(report.writeChecks).toBeGreaterThan(REQUESTS / 10);
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify({ ...report, byRoute: undefined, failures: undefined }));
    if (report.failures.length) {
      throw new Error(`fuzz seed ${report.seed}: ${report.failures.length} failures\n${describeFailures(report)}`);
    }
  }, 240_000);

  it("sees a write with its partial-write check: the request's events and the rows it added", async () => {
    const watch = await WriteWatch.open(stack.env.databaseUrl);
    try {
      const before = await watch.counts();
      await request(stack.baseUrl)
        .post('/api/admin/vehicles')
        .set('Authorization', adminAuth(stack))
        .set('X-Request-Id', 'fuzz-probe-1')
        .send({ name: 'Probe Sedan', category: 'sedan', description: 'Executive Sedan', capacity: 3, baseRate: '95.00' })
        .expect(201);
      const after = await watch.counts();
      expect(Number(after['fleet.vehicles'])).toBe(Number(before['fleet.vehicles']) + 1);
      expect(await watch.eventsOf('fuzz-probe-1')).toEqual([expect.stringMatching(/^fleet:/)]);
      expect(await watch.eventsOf('fuzz-probe-2')).toEqual([]);
    } finally {
      await watch.close();
    }
  });

  it('finds the text rule (or an anchored pattern) on every string any route reads: body, query, path, headers', () => {
    const unguarded: string[] = [];
    const patterns = new Set<RegExp>();
    for (const route of routeTable()) {
      const inputs = routeInputs(route.controller, route.handlerName, route.method);
      const sources = [
        ['body', inputs.body],
        ...inputs.params.map((p) => ['path', p] as const),
        ...inputs.query.map((q) => ['query', q] as const),
        ...inputs.headers.map((h) => ['header', h] as const),
      ] as const;
      for (const [where, input] of sources) {
        if (!input?.schema) continue;
        for (const leaf of stringLeaves(input.schema)) {
          if (leaf.guard === 'none') unguarded.push(`${route.method} ${route.path} ${where} ${[input.name, leaf.path].filter(Boolean).join('.')}`);
          for (const pattern of leaf.patterns) patterns.add(pattern);
        }
      }
    }
    expect(unguarded).toEqual([]);
    for (const pattern of patterns) {
      fc.assert(fc.property(fc.stringMatching(pattern), (value) => !hasControlCharacters(value)), { numRuns: 200 });
    }
  });
});
