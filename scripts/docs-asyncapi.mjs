// `npm run docs:asyncapi`: builds the gateway (Nx, cached) and writes docs/asyncapi.json, the
// AsyncAPI document of every RPC subject and event in libs/contracts, with the same generator
// the gateway serves at /api/asyncapi.json. A test fails while the committed file is stale.
import { writeFileSync } from 'node:fs';
import { npx } from './lib/run.mjs';

npx(['nx', 'run', '@limo/gateway:build', '--output-style=static']);
const { asyncApiJson } = await import('../gateway/dist/docs/asyncapi.js');
const target = new URL('../docs/asyncapi.json', import.meta.url);
writeFileSync(target, asyncApiJson());
console.log(`✓ wrote docs/asyncapi.json`);
