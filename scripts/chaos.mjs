// `npm run chaos`: the fault suite at full size (tests/chaos/full.chaos.ts, described in
// docs/operations.md), not part of `npm test`. Makes sure the shared servers are up, builds,
// then runs it; prints the figures and exits non-zero when any check fails. It runs its own
// nats-server and redis-server on free ports and never stops the shared ones.
// `npm run chaos -- --cluster`: the same checks against `npm run cluster`'s three hosts
// (tests/chaos/cluster.chaos.ts), which it starts and stops itself (root, the cluster's packages).
import { spawnSync } from 'node:child_process';
import { ensureServers } from './lib/servers.mjs';
import { npx } from './lib/run.mjs';

const cluster = process.argv.includes('--cluster');
const jestArgs = process.argv.slice(2).filter((arg) => arg !== '--cluster');
if (cluster) {
  const { installCommand, missingPackages } = await import('./lib/cluster/packages.mjs');
  const missing = missingPackages();
  if (process.getuid?.() !== 0 || missing.length) {
    console.error(process.getuid?.() !== 0 ? '✗ the cluster needs root (network namespaces)' : `✗ the cluster needs ${missing.join(', ')}: ${installCommand(missing)}`);
    process.exit(1);
  }
} else {
  await ensureServers();
}
npx(['nx', 'run-many', '-t', 'build', '--output-style=static']);
const suite = cluster ? 'cluster' : 'full';
const jest = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', '--testMatch', `<rootDir>/tests/chaos/${suite}.chaos.ts`, '--runInBand', ...jestArgs],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(jest.status ?? 1);
