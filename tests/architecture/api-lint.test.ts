import { readFileSync } from 'node:fs';
import { lintAsyncApi, lintOpenApi } from '../../scripts/lib/api-lint.mjs';

type Problem = { severity: string; rule: string };
const errorRules = (problems: Problem[]) => [...new Set(problems.filter((p) => p.severity === 'error').map((p) => p.rule))].sort();

/** A one-operation OpenAPI document with what Redocly's recommended rules ask of ours. */
const openApi = (operation: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info: { title: 'Fixture', version: '1.0.0', license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
  servers: [{ url: '/' }],
  paths: {
    '/api/vehicles': {
      get: { operationId: 'list', summary: 'List vehicles', security: [], responses: { '200': { description: 'OK' }, '4XX': { description: 'Client error' } }, ...operation },
    },
  },
  ...top,
});

/**
 * The checks `npm run lint:api` runs on the gateway's documents (scripts/lib/api-lint.mjs): they
 * fail on the problems the OpenAPI document once had, and pass the committed AsyncAPI document.
 */
describe('the API document checks', () => {
  it('pass an OpenAPI document with summaries, explicit security and servers', async () => {
    expect(errorRules(await lintOpenApi(openApi()))).toEqual([]);
  });

  it('fail an operation without a summary, a public one without `security: []`, and no servers', async () => {
    const broken = openApi({ summary: undefined, security: undefined }, { servers: undefined });
    expect(errorRules(await lintOpenApi(JSON.parse(JSON.stringify(broken))))).toEqual(['no-empty-servers', 'operation-summary', 'security-defined']);
  });

  it('pass docs/asyncapi.json (what the gateway serves at /api/asyncapi.json) and fail a broken AsyncAPI document', async () => {
    const committed = JSON.parse(readFileSync('docs/asyncapi.json', 'utf8'));
    expect(errorRules(await lintAsyncApi(committed))).toEqual([]);
    expect(errorRules(await lintAsyncApi({ asyncapi: '3.0.0', channels: {} })).length).toBeGreaterThan(0);
  });
});
