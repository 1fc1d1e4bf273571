import fc from 'fast-check';
import { hasControlCharacters, stringLeaves } from '@limo/contracts';
import { RouteTable } from '../src/auth/route-table.js';
import { routeInputs } from '../src/docs/route-inputs.js';
import { startTestStack, type TestStack } from '../../tests/support/stack.js';
import { describeFailures, fuzzRoutes } from '../../tests/support/fuzz.js';

/**
 * Property-based fuzzing of every route of the route table (tests/support/fuzz.ts says what is
 * sent and what must hold): no 5xx, the API's error body on every 4xx, no partial write.
 * FUZZ_REQUESTS sizes the run (1,000 here; the chaos run sends 10,000 or more), FUZZ_SEED
 * replays one (the seed is printed when a run fails).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

describe('every route under fuzzing', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  }, 60_000);
  afterAll(() => stack?.stop());

  const routeTable = () => stack.gateway.get(RouteTable).list();

  it(`answers ${REQUESTS} generated requests over every route with no 5xx, the error format on every 4xx and no partial write`, async () => {
    const { ADMIN_USERNAME, ADMIN_PASSWORD } = stack.env.gatewayConfig;
    const report = await fuzzRoutes({
      baseUrl: stack.baseUrl,
      requests: REQUESTS,
      admin: { username: ADMIN_USERNAME!, password: ADMIN_PASSWORD! },
      databaseUrl: stack.env.databaseUrl,
      seed: SEED,
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
    if (report.failures.length) {
      throw new Error(`fuzz seed ${report.seed}: ${report.failures.length} failures\n${describeFailures(report)}`);
    }
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify({ ...report, byRoute: undefined, failures: undefined }));
  }, 240_000);

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
