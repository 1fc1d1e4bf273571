import { spawnSync } from 'node:child_process';

/** Runs a command in the foreground, exiting with its code when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

export const npx = (args, options) => run('npx', args, { ...options, env: { NX_NO_CLOUD: 'true', NX_DAEMON: 'false', ...process.env, ...options?.env } });
