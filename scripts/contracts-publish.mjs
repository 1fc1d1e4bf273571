// `npm run contracts:publish [-- --retire <name>]`: records the current RPC and event contracts
// in libs/contracts/published/ (see tools/contracts/published.mjs), refusing a breaking change to
// a published version. A test fails while a contract differs from what is recorded.
import { npx } from './lib/run.mjs';

npx(['nx', 'run', '@limo/contracts:build', '--output-style=static']);
const { ALL_EVENTS, ALL_RPC } = await import('../libs/contracts/dist/index.js');
const { describe, publish, retire } = await import('../tools/contracts/published.mjs');

const retireAt = process.argv.indexOf('--retire');
if (retireAt > 0) {
  retire(process.argv[retireAt + 1]);
  console.log(`✓ retired ${process.argv[retireAt + 1]}`);
  process.exit(0);
}
const result = publish([...ALL_RPC, ...ALL_EVENTS]);
if (result.breaking.length > 0 || result.retired.length > 0) {
  console.error(describe(result));
  if (result.breaking.length > 0) process.exit(1);
}
console.log(result.unpublished.length > 0 ? `✓ published ${result.unpublished.join(', ')}` : '✓ every contract is published as it is');
