// `npm start` and `npm test` on a fresh clone: the dependencies are installed (`npm ci`) when
// node_modules is missing or older than package-lock.json, with a line saying so. Node's own
// modules only: this runs before anything from node_modules can be imported.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

const modifiedAt = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs;

/** Why the installed dependencies are not the lock file's, or undefined when they are. */
function outdatedDependencies(root = '.') {
  // npm writes node_modules/.package-lock.json at the end of every install.
  const installed = modifiedAt(join(root, 'node_modules', '.package-lock.json'));
  if (installed === undefined) return 'they are not installed yet';
  const locked = modifiedAt(join(root, 'package-lock.json'));
  if (locked !== undefined && locked > installed) return 'package-lock.json changed since they were installed';
  return undefined;
}

/** Installs the lock file's dependencies when they are missing or out of date; exits when that fails. */
export function ensureDependencies(root = '.') {
  const reason = outdatedDependencies(root);
  if (!reason) return;
  console.log(`Installing the dependencies (npm ci): ${reason}.`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✗ npm ci failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}
