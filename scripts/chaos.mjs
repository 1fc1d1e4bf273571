// `npm run chaos`: the fault suite at full size (tests/chaos/full.chaos.ts, described in
// docs/operations.md), not part of `npm test`. Makes sure the shared PostgreSQL is up, builds,
// then runs it; prints the figures and exits non-zero when any check fails. It starts its own
// nats-server and redis-server on free ports and never touches the shared ones.
import { spawnSync } from 'node:child_process';
import { ensureServers } from './lib/servers.mjs';
import { npx } from './lib/run.mjs';

await ensureServers();
npx(['nx', 'run-many', '-t', 'build', '--output-style=static']);
const jest = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    '--testMatch',
    '<rootDir>/tests/chaos/*.chaos.ts',
    '--runInBand',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(jest.status ?? 1);
