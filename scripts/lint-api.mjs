// `npm run lint:api`: the documents the gateway serves at /api/openapi.json and /api/asyncapi.json,
// built as the gateway builds them (its route table, the contracts registry), linted with
// Redocly's recommended rules and parsed by the AsyncAPI parser. Fails on any error.
// Runs the gateway's sources (no build: seconds, not minutes) and creates the app without
// listening, so NATS and Redis must answer (started here when they are local and down).
import { randomBytes } from 'node:crypto';
import { register } from 'node:module';
import { ensureServers } from './lib/servers.mjs';
import { lintAsyncApi, lintOpenApi, report } from './lib/api-lint.mjs';

await ensureServers(process.env, { skip: ['postgres'] });
register('./lib/ts-sources-loader.mjs', import.meta.url);

const { createGateway } = await import('../gateway/src/app.ts');
const { readGatewayConfig } = await import('../gateway/src/config.ts');
const { RouteTable } = await import('../gateway/src/auth/route-table.ts');
const { buildOpenApi } = await import('../gateway/src/docs/openapi.ts');
const { buildAsyncApi } = await import('../gateway/src/docs/asyncapi.ts');

// A prefix of its own: the app is created, never started, so it joins nothing the others use.
const prefix = `lint-api-${randomBytes(4).toString('hex')}`;
const config = readGatewayConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  NATS_PREFIX: prefix,
  REDIS_PREFIX: prefix,
  LINK_SIGNING_SECRET: randomBytes(32).toString('base64url'),
});
const app = await createGateway(config);
const openapi = buildOpenApi(app.get(RouteTable).list());
await app.close();

const errors = report('/api/openapi.json (Redocly recommended)', await lintOpenApi(openapi)) + report('/api/asyncapi.json (AsyncAPI parser)', await lintAsyncApi(buildAsyncApi()));
process.exit(errors ? 1 : 0);
