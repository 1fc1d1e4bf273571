// `npm test`: makes sure the servers are up, builds everything (type-checks included), then runs
// every Jest test (unit, integration against real Postgres/NATS/Redis, browser in Chromium) and
// ends with one line "N passed, N failed". On a fresh clone it installs the dependencies first:
// nothing from node_modules is imported before that.
import { mkdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureDependencies } from './lib/dependencies.mjs';
import { ensureServers } from './lib/servers.mjs';
import { npx } from './lib/run.mjs';

const started = Date.now();
ensureDependencies();
const { sweepStaleTestData } = await import('./lib/sweep-test-data.mjs');
await ensureServers();
await sweepStaleTestData({
  postgresUrl: process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
});
// CI always builds from scratch: Nx keeps its cache outside the checkout (~/.nx), by path.
npx(['nx', 'run-many', '-t', 'build', '--output-style=static', ...(process.env.CI ? ['--skip-nx-cache'] : [])]);

mkdirSync('test-output', { recursive: true });
const jest = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', '--json', '--outputFile=test-output/jest.json', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);

let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync('test-output/jest.json', 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
} catch {
  failed = Math.max(failed, 1);
}
console.log(`\nwhole suite took ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(jest.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
